import { DateInput, TextField } from '../../components';
import { type PeriodField, periodFieldId } from './period-form';

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
