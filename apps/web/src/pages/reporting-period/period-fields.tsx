import { Checkbox, DateInput, TextField } from '../../components';
import { type PeriodField, type PeriodFormValues, periodFieldId } from './period-form';

type InstantDate = 'submissionsOpen' | 'submissionsClose' | 'submissionsReopen' | 'submissionsReclose';
type InstantTime = 'openTime' | 'closeTime' | 'reopenTime' | 'recloseTime';

/**
 * A submissions instant: a London date and a wall-clock time side by side, each with its own message
 * (the engine reports 'Enter a valid time' at the time field, the date rules at the date field).
 */
export function PeriodDateTime(props: {
  dateField: PeriodField;
  timeField: PeriodField;
  label: string;
  date: string;
  time: string;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
  dateError?: string | undefined;
  timeError?: string | undefined;
}) {
  return (
    <fieldset className="nhsuk-fieldset dcf-period-datetime">
      <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{props.label}</legend>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">
          <DateInput
            id={periodFieldId(props.dateField)}
            label={`${props.label} date`}
            value={props.date}
            onChange={props.onDate}
            error={props.dateError}
          />
        </div>
        <div className="nhsuk-grid-column-one-half">
          <TextField
            id={periodFieldId(props.timeField)}
            label={`${props.label} time`}
            hint="24-hour clock, UK time, for example 17:00"
            value={props.time}
            onChange={props.onTime}
            error={props.timeError}
            width={5}
          />
        </div>
      </div>
    </fieldset>
  );
}

/**
 * A period's dates: start and end (fixed once it has submissions), when submissions open and close, and,
 * when ticked, when they reopen and close again.
 */
export function PeriodDates({
  values,
  set,
  error,
  locked,
}: {
  values: PeriodFormValues;
  set: <K extends PeriodField>(field: K, value: PeriodFormValues[K]) => void;
  error: (field: PeriodField) => string | undefined;
  locked: boolean;
}) {
  // The period's first or last day, fixed once it has submissions.
  const day = (field: 'start' | 'end', label: string) => (
    <DateInput
      id={periodFieldId(field)}
      label={label}
      value={values[field]}
      disabled={locked}
      onChange={(v) => set(field, v)}
      error={error(field)}
    />
  );
  // One submissions instant of the form: its date and time fields under one label.
  const instant = (label: string, dateField: InstantDate, timeField: InstantTime) => (
    <PeriodDateTime
      dateField={dateField}
      timeField={timeField}
      label={label}
      date={values[dateField]}
      time={values[timeField]}
      onDate={(v) => set(dateField, v)}
      onTime={(v) => set(timeField, v)}
      dateError={error(dateField)}
      timeError={error(timeField)}
    />
  );
  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">{day('start', 'Start date')}</div>
        <div className="nhsuk-grid-column-one-half">{day('end', 'End date')}</div>
      </div>
      {instant('Submissions open', 'submissionsOpen', 'openTime')}
      {instant('Submissions close', 'submissionsClose', 'closeTime')}
      <Checkbox
        id={periodFieldId('ifSubmissionReopens')}
        label="Submissions reopen after they close"
        checked={values.ifSubmissionReopens}
        onChange={(checked) => set('ifSubmissionReopens', checked)}
      />
      {values.ifSubmissionReopens ? (
        <>
          {instant('Submissions reopen', 'submissionsReopen', 'reopenTime')}
          {instant('Submissions reclose', 'submissionsReclose', 'recloseTime')}
        </>
      ) : null}
    </>
  );
}
