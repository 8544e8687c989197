import type { FormComponent } from '@dcf/forms/components';
import { DateTime } from 'luxon';
import { useRef, useState } from 'react';
import { type ComponentProps, text, useForm } from './context';
import { Field, FieldsetField, inputProps, useFieldParts } from './field';
import { getPath, inputName } from './paths';

/**
 * Dates as the NHS.UK date input: day, month and year boxes (numbers typed in UK order). A `day`
 * question keeps Form.io's own format (`MM/DD/YYYY`, or `DD/MM/YYYY` with `dayFirst`, a part not
 * answered as zeros); a `datetime` question is given to the engine as typed in UK order
 * (`15/10/2026 14:30`), which stores it as Form.io does (ISO, London's offset).
 */

type Part = 'day' | 'month' | 'year';
type Parts = Record<Part, string> & { time: string };

const empty: Parts = { day: '', month: '', year: '', time: '' };
const sameParts = (a: Parts, b: Parts) =>
  (['day', 'month', 'year'] as const).every((p) => Number(a[p] || 0) === Number(b[p] || 0)) &&
  a.time === b.time;

/** Local typing, kept while the answer it produced comes back (normalised) from the engine. */
function useParts(value: unknown, parse: (value: unknown) => Parts) {
  const [parts, setParts] = useState(() => parse(value));
  const emitted = useRef(value);
  if (value !== emitted.current) {
    emitted.current = value;
    const next = parse(value);
    if (!sameParts(next, parts)) setParts(next);
  }
  return { parts, setParts, emitted };
}

const labels: Record<Part, string> = { day: 'Day', month: 'Month', year: 'Year' };

function DateParts({
  id,
  name,
  shown,
  parts,
  invalid,
  disabled,
  onChange,
  onBlur,
}: {
  id: string;
  name: string;
  shown: Part[];
  parts: Parts;
  invalid: boolean;
  disabled: boolean;
  onChange: (part: Part, value: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="nhsuk-date-input">
      {shown.map((part, index) => {
        const partId = index === 0 ? id : `${id}-${part}`;
        return (
          <div className="nhsuk-date-input__item" key={part}>
            <div className="nhsuk-form-group">
              <label className="nhsuk-label nhsuk-date-input__label" htmlFor={partId}>
                {labels[part]}
              </label>
              <input
                className={`nhsuk-input nhsuk-date-input__input nhsuk-input--width-${part === 'year' ? 4 : 2}${invalid ? ' nhsuk-input--error' : ''}`}
                id={partId}
                name={`${name}[${part}]`}
                type="text"
                inputMode="numeric"
                spellCheck={false}
                disabled={disabled}
                aria-invalid={invalid || undefined}
                value={parts[part]}
                onChange={(event) => onChange(part, event.target.value.trim())}
                onBlur={onBlur}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}

const hiddenPart = (c: FormComponent, part: Part) =>
  ((c.fields as Record<string, { hide?: boolean }> | undefined)?.[part]?.hide ?? false) === true;

/** Form.io's `day` question. */
export function DayInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  // Form.io keeps all three parts, in its order, a part the form hides (or not typed) as zeros.
  const stored: Part[] = component.dayFirst === true ? ['day', 'month', 'year'] : ['month', 'day', 'year'];
  const shown = (['day', 'month', 'year'] as Part[]).filter((p) => !hiddenPart(component, p));
  const parse = (value: unknown): Parts => {
    if (typeof value !== 'string' || value === '') return empty;
    const values = value.split('/');
    const result = { ...empty };
    stored.forEach((part, index) => {
      const n = Number(values[index]);
      result[part] = Number.isFinite(n) && n > 0 ? String(n) : '';
    });
    return result;
  };
  const { parts: typed, setParts, emitted } = useParts(getPath(form.data, path), parse);
  return (
    <FieldsetField component={component} parts={parts}>
      <DateParts
        id={parts.id}
        name={inputName(path)}
        shown={shown}
        parts={typed}
        invalid={parts.invalid}
        disabled={form.readOnly || component.disabled === true}
        onBlur={() => form.touch(path)}
        onChange={(part, text) => {
          const next = { ...typed, [part]: text };
          setParts(next);
          const value = shown.every((p) => next[p] === '')
            ? undefined
            : stored
                .map((p) => (next[p] === '' ? (p === 'year' ? '0000' : '00') : next[p].padStart(2, '0')))
                .join('/');
          emitted.current = value;
          form.setValue(path, value);
        }}
      />
    </FieldsetField>
  );
}

const london = (value: unknown) =>
  typeof value === 'string' && value !== '' ? DateTime.fromISO(value, { zone: 'Europe/London' }) : null;

/** Form.io's `datetime` question: the date input, and a time box when the question takes a time. */
export function DateTimeInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const withTime = component.enableTime !== false && /[hH]/.test(text(component.format) || 'h');
  const parse = (value: unknown): Parts => {
    const date = london(value);
    if (date?.isValid)
      return {
        day: String(date.day),
        month: String(date.month),
        year: String(date.year),
        time: withTime && (date.hour !== 0 || date.minute !== 0) ? date.toFormat('HH:mm') : '',
      };
    // Typed in UK order and not (yet) a real date: show it as typed.
    const typed = typeof value === 'string' ? /^(\d*)\/(\d*)\/(\d*)(?:\s+(\S+))?$/.exec(value) : null;
    return typed
      ? { day: typed[1] ?? '', month: typed[2] ?? '', year: typed[3] ?? '', time: typed[4] ?? '' }
      : empty;
  };
  const { parts: typed, setParts, emitted } = useParts(getPath(form.data, path), parse);
  const disabled = form.readOnly || component.disabled === true;
  const emit = (next: Parts) => {
    setParts(next);
    const value =
      next.day === '' && next.month === '' && next.year === '' && next.time === ''
        ? undefined
        : `${next.day}/${next.month}/${next.year}${next.time ? ` ${next.time}` : ''}`;
    emitted.current = value;
    form.setValue(path, value);
  };
  return (
    <FieldsetField component={component} parts={parts}>
      <DateParts
        id={parts.id}
        name={inputName(path)}
        shown={['day', 'month', 'year']}
        parts={typed}
        invalid={parts.invalid}
        disabled={disabled}
        onBlur={() => form.touch(path)}
        onChange={(part, value) => emit({ ...typed, [part]: value })}
      />
      {withTime ? (
        <div className="nhsuk-form-group dcf-time-part">
          <label className="nhsuk-label" htmlFor={`${parts.id}-time`}>
            Time
          </label>
          <div className="nhsuk-hint" id={`${parts.id}-time-hint`}>
            For example, 14:30
          </div>
          <input
            className={`nhsuk-input nhsuk-input--width-5${parts.invalid ? ' nhsuk-input--error' : ''}`}
            id={`${parts.id}-time`}
            name={`${inputName(path)}[time]`}
            type="text"
            inputMode="numeric"
            spellCheck={false}
            aria-describedby={`${parts.id}-time-hint`}
            disabled={disabled}
            value={typed.time}
            onChange={(event) => emit({ ...typed, time: event.target.value.trim() })}
            onBlur={() => form.touch(path)}
          />
        </div>
      ) : null}
    </FieldsetField>
  );
}

/**
 * Form.io's `time` question: a text box as the time of a date and time question ("For example, 14:30"),
 * stored in the question's data format (`HH:mm:ss` by default); "9:30" is kept as 09:30. Not the
 * browser's time field: Chromium's takes no typed keys when headless, and the page draws every time
 * the same way (decision 0035).
 */
export function TimeInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = getPath(form.data, path);
  const withSeconds = (text(component.dataFormat) || 'HH:mm:ss').includes('ss');
  const shown = (answer: unknown) =>
    typeof answer === 'string' ? answer.replace(/^(\d{1,2}:\d{2}):\d{2}$/, '$1') : '';
  // The box keeps what was typed ("9:3" while typing); an answer set from elsewhere (restored typing,
  // the latest version loaded) replaces it.
  const [typed, setTyped] = useState(() => shown(value));
  const emitted = useRef(value);
  if (value !== emitted.current) {
    emitted.current = value;
    setTyped(shown(value));
  }
  const exampleId = `${parts.id}-example`;
  return (
    <Field component={component} parts={parts}>
      <div className="nhsuk-hint" id={exampleId}>
        For example, 14:30
      </div>
      <input
        {...inputProps(props, parts, form)}
        className={`nhsuk-input nhsuk-input--width-5${parts.invalid ? ' nhsuk-input--error' : ''}`}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        aria-describedby={[exampleId, parts.describedBy].filter(Boolean).join(' ')}
        value={typed}
        onChange={(event) => {
          const time = toTime(event.target.value, withSeconds);
          setTyped(event.target.value);
          emitted.current = time;
          form.setValue(path, time);
        }}
      />
    </Field>
  );
}

/** A typed time as Form.io stores it: `HH:mm` (with `:00` seconds when the format has them), else as typed. */
function toTime(typed: string, withSeconds: boolean): string | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  const match = /^(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (!match) return trimmed;
  const time = `${(match[1] as string).padStart(2, '0')}:${match[2]}`;
  return withSeconds ? `${time}:00` : time;
}
