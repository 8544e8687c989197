import { type PeriodField, periodFieldId } from './period-form';

interface InputProps {
  field: PeriodField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'date';
  width?: string;
  disabled?: boolean;
}

/** One NHS.UK text or date input with its label, hint and inline error. */
export function PeriodInput({
  field,
  label,
  value,
  onChange,
  error,
  hint,
  type,
  width,
  disabled,
}: InputProps) {
  const id = periodFieldId(field);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <label className="nhsuk-label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div className="nhsuk-hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <span className="nhsuk-error-message" id={`${id}-error`}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      ) : null}
      <input
        id={id}
        className={`nhsuk-input${width ? ` ${width}` : ''}${error ? ' nhsuk-input--error' : ''}`}
        type={type ?? 'text'}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

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
          <PeriodInput
            field={props.dateField}
            label={`${props.label} date`}
            type="date"
            value={props.date}
            onChange={props.onDate}
            error={props.dateError}
          />
        </div>
        <div className="nhsuk-grid-column-one-half">
          <PeriodInput
            field={props.timeField}
            label={`${props.label} time`}
            hint="24-hour clock, UK time, for example 17:00"
            value={props.time}
            onChange={props.onTime}
            error={props.timeError}
            width="nhsuk-input--width-5"
          />
        </div>
      </div>
    </fieldset>
  );
}
