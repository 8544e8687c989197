import { isIsoDate } from '@dcf/domain/schedules/calendar-date';
import { type ReactNode, useRef, useState } from 'react';
import { ErrorMessage } from './form-group';
import type { FieldProps } from './text-field';

type Part = 'day' | 'month' | 'year';
type Parts = Record<Part, string>;

const PARTS: readonly Part[] = ['day', 'month', 'year'];
const LABELS: Record<Part, string> = { day: 'Day', month: 'Month', year: 'Year' };
const EMPTY: Parts = { day: '', month: '', year: '' };

/**
 * The value a date input holds: `yyyy-MM-dd` once the three boxes name a real day; '' when all are
 * empty; otherwise the parts as typed joined as `year-month-day` (`2026-2-`, `2026-02-30`), which no
 * validator takes for a date, so the page says 'Enter a valid date' where the browser's own input
 * silently gave ''.
 */
export function dateValueOf({ day, month, year }: Parts): string {
  if (!day && !month && !year) return '';
  const padded = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) && /^\d{1,2}$/.test(day) && isIsoDate(padded)
    ? padded
    : `${year}-${month}-${day}`;
}

/** The boxes for a value: a date's day and month without leading zeros, a typed value's parts as typed. */
export function datePartsOf(value: string): Parts {
  const match = /^([^-]*)-([^-]*)-([^-]*)$/.exec(value);
  if (!match) return EMPTY;
  const [, year = '', month = '', day = ''] = match;
  const trim = (part: string) => (/^\d+$/.test(part) ? String(Number(part)) : part);
  return isIsoDate(value) ? { day: trim(day), month: trim(month), year } : { day, month, year };
}

export interface DateInputProps extends FieldProps {
  /** The day box's id: the legend's field, and where an error summary's link lands. */
  id: string;
  /** `yyyy-MM-dd`, '' or the parts as typed (see `dateValueOf`). */
  value: string;
  /** Defaults to 'For example, 15 3 2026'. */
  hint?: ReactNode;
  disabled?: boolean | undefined;
}

/**
 * The NHS.UK date input (product decisions, "Forms"; decision 0037): day, month and year boxes under
 * the question as a legend, typed in UK order whatever the browser's language, for every date a person
 * types (schedules, periods, closures, reopens, filters). The browser's `type="date"` followed the
 * browser's language (mm/dd/yyyy seen) and hid half-typed dates from validation.
 */
export function DateInput({
  id,
  label,
  value,
  onChange,
  hint = 'For example, 15 3 2026',
  error,
  required,
  optional,
  disabled,
}: DateInputProps) {
  // The boxes as typed; a value from outside (a reset, loaded data) replaces them.
  const [parts, setParts] = useState<Parts>(() => datePartsOf(value));
  const emitted = useRef(value);
  if (value !== emitted.current) {
    emitted.current = value;
    const next = datePartsOf(value);
    if (dateValueOf(next) !== dateValueOf(parts)) setParts(next);
  }
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const change = (part: Part, text: string) => {
    const next = { ...parts, [part]: text.trim() };
    setParts(next);
    const nextValue = dateValueOf(next);
    emitted.current = nextValue;
    onChange(nextValue);
  };
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={describedBy}>
        <legend className="nhsuk-fieldset__legend nhsuk-label">
          {label}
          {required ? (
            <>
              {' '}
              <span className="dcf-required" aria-hidden="true">
                *
              </span>{' '}
              <span className="nhsuk-u-visually-hidden">(required)</span>
            </>
          ) : null}
          {optional ? ' (optional)' : null}
        </legend>
        {hint ? (
          <div className="nhsuk-hint" id={hintId}>
            {hint}
          </div>
        ) : null}
        <ErrorMessage fieldId={id} error={error} />
        <div className="nhsuk-date-input">
          {PARTS.map((part) => {
            const partId = part === 'day' ? id : `${id}-${part}`;
            return (
              <div className="nhsuk-date-input__item" key={part}>
                <div className="nhsuk-form-group">
                  <label className="nhsuk-label nhsuk-date-input__label" htmlFor={partId}>
                    {LABELS[part]}
                  </label>
                  <input
                    className={`nhsuk-input nhsuk-date-input__input nhsuk-input--width-${part === 'year' ? 4 : 2}${error ? ' nhsuk-input--error' : ''}`}
                    id={partId}
                    name={`${id}[${part}]`}
                    type="text"
                    inputMode="numeric"
                    spellCheck={false}
                    autoComplete="off"
                    disabled={disabled}
                    aria-invalid={error ? true : undefined}
                    value={parts[part]}
                    onChange={(event) => change(part, event.target.value)}
                  />
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
