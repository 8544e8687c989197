import { Checkbox, DateInput, TextField } from '../../components';
import { type PeriodField, type PeriodFormValues, periodFieldId } from './period-form';

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
  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">
          <DateInput
            id={periodFieldId('start')}
            label="Start date"
            value={values.start}
            disabled={locked}
            onChange={(v) => set('start', v)}
            error={error('start')}
          />
        </div>
        <div className="nhsuk-grid-column-one-half">
          <DateInput
            id={periodFieldId('end')}
            label="End date"
            value={values.end}
            disabled={locked}
            onChange={(v) => set('end', v)}
            error={error('end')}
          />
        </div>
      </div>
      <PeriodDateTime
        dateField="submissionsOpen"
        timeField="openTime"
        label="Submissions open"
        date={values.submissionsOpen}
        time={values.openTime}
        onDate={(v) => set('submissionsOpen', v)}
        onTime={(v) => set('openTime', v)}
        dateError={error('submissionsOpen')}
        timeError={error('openTime')}
      />
      <PeriodDateTime
        dateField="submissionsClose"
        timeField="closeTime"
        label="Submissions close"
        date={values.submissionsClose}
        time={values.closeTime}
        onDate={(v) => set('submissionsClose', v)}
        onTime={(v) => set('closeTime', v)}
        dateError={error('submissionsClose')}
        timeError={error('closeTime')}
      />
      <Checkbox
        id={periodFieldId('ifSubmissionReopens')}
        label="Submissions reopen after they close"
        checked={values.ifSubmissionReopens}
        onChange={(checked) => set('ifSubmissionReopens', checked)}
      />
      {values.ifSubmissionReopens ? (
        <>
          <PeriodDateTime
            dateField="submissionsReopen"
            timeField="reopenTime"
            label="Submissions reopen"
            date={values.submissionsReopen}
            time={values.reopenTime}
            onDate={(v) => set('submissionsReopen', v)}
            onTime={(v) => set('reopenTime', v)}
            dateError={error('submissionsReopen')}
            timeError={error('reopenTime')}
          />
          <PeriodDateTime
            dateField="submissionsReclose"
            timeField="recloseTime"
            label="Submissions reclose"
            date={values.submissionsReclose}
            time={values.recloseTime}
            onDate={(v) => set('submissionsReclose', v)}
            onTime={(v) => set('recloseTime', v)}
            dateError={error('submissionsReclose')}
            timeError={error('recloseTime')}
          />
        </>
      ) : null}
    </>
  );
}
