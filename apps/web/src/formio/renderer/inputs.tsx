import type { FormComponent } from '@dcf/forms/components';
import { useRef, useState } from 'react';
import { CheckboxGroup, RadioGroup } from '../../components/choice-group';
import { type ComponentProps, text, useForm } from './context';
import {
  ErrorMessage,
  Field,
  type FieldParts,
  FieldsetField,
  Hint,
  inputProps,
  labelText,
  RequiredMark,
  useFieldParts,
} from './field';
import { getPath, inputName } from './paths';

/**
 * Form.io's input questions as NHS.UK inputs. Each is controlled by the form's answers; the answer is
 * stored as Form.io stores it (numbers as numbers, a checkbox as true/false, select boxes as an object
 * of true/false, a survey as question -> answer) so the engine and the server read it unchanged.
 */

const inputTypes: Record<string, string> = {
  email: 'email',
  phoneNumber: 'tel',
  url: 'url',
  password: 'password',
};

type Form = ReturnType<typeof useForm>;

const widthClass = (c: FormComponent) => {
  const max = Number((c.validate as { maxLength?: unknown } | undefined)?.maxLength);
  if (Number.isFinite(max) && max > 0 && max <= 10) return ' nhsuk-input--width-10';
  return '';
};

/** The prefix and suffix boxes NHS.UK inputs have (a currency's symbol, a unit). */
function Affixed({
  prefix,
  suffix,
  children,
}: {
  prefix: string;
  suffix: string;
  children: React.ReactNode;
}) {
  if (!prefix && !suffix) return <>{children}</>;
  return (
    <div className="nhsuk-input-wrapper">
      {prefix ? (
        <div className="nhsuk-input-wrapper__prefix" aria-hidden="true">
          {prefix}
        </div>
      ) : null}
      {children}
      {suffix ? (
        <div className="nhsuk-input-wrapper__suffix" aria-hidden="true">
          {suffix}
        </div>
      ) : null}
    </div>
  );
}

export function TextInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = getString(form, path);
  return (
    <Field component={component} parts={parts}>
      <Affixed prefix={text(component.prefix)} suffix={text(component.suffix)}>
        <input
          {...inputProps(props, parts, form)}
          className={`nhsuk-input${widthClass(component)}${parts.invalid ? ' nhsuk-input--error' : ''}`}
          type={inputTypes[String(component.type)] ?? 'text'}
          autoComplete={text(component.autocomplete) || undefined}
          spellCheck={component.type === 'textfield' ? undefined : false}
          placeholder={text(component.placeholder) || undefined}
          value={value}
          onChange={(event) =>
            form.setValue(path, event.target.value === '' ? undefined : event.target.value)
          }
        />
      </Affixed>
    </Field>
  );
}

function getString(form: Form, path: string): string {
  const value = valueAt(form, path);
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export const valueAt = (form: Form, path: string) => getPath(form.data, path);

export function TextArea(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const rows = Number(component.rows);
  return (
    <Field component={component} parts={parts}>
      <textarea
        {...inputProps(props, parts, form)}
        className={`nhsuk-textarea${parts.invalid ? ' nhsuk-textarea--error' : ''}`}
        rows={Number.isFinite(rows) && rows > 0 ? rows : 5}
        value={getString(form, path)}
        onChange={(event) => form.setValue(path, event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}

function currencySymbol(code: string): string {
  try {
    return (
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: code })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * Numbers and money: typed as text (NHS.UK advises against `type=number`), stored as a number when the
 * text is one (commas allowed), else as typed, so the engine says "must be a number". The text stays as
 * typed while the person types ("12." is not rewritten to "12").
 */
export function NumberInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = valueAt(form, path);
  const shown = value === undefined || value === null ? '' : String(value);
  const [typed, setTyped] = useState(shown);
  const emitted = useRef<unknown>(value);
  // An answer changed from elsewhere (a calculation, Excel, a restore): show it.
  if (value !== emitted.current) {
    emitted.current = value;
    if (typed !== shown) setTyped(shown);
  }
  const prefix =
    text(component.prefix) ||
    (component.type === 'currency' ? currencySymbol(text(component.currency) || 'GBP') : '');
  return (
    <Field component={component} parts={parts}>
      <Affixed prefix={prefix} suffix={text(component.suffix)}>
        <input
          {...inputProps(props, parts, form)}
          className={`nhsuk-input nhsuk-input--width-10${parts.invalid ? ' nhsuk-input--error' : ''}`}
          type="text"
          inputMode="decimal"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            const raw = event.target.value;
            setTyped(raw);
            const plain = raw.replace(/,/g, '').trim();
            const next = plain === '' ? undefined : Number.isFinite(Number(plain)) ? Number(plain) : raw;
            emitted.current = next;
            form.setValue(path, next);
          }}
        />
      </Affixed>
    </Field>
  );
}

interface Choice {
  label: string;
  value: unknown;
}

const choicesOf = (list: unknown): Choice[] =>
  Array.isArray(list)
    ? list
        .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
        .map((item) => ({ label: text(item.label) || String(item.value ?? ''), value: item.value }))
    : [];

/** A select's options: its values, or static JSON data read through `valueProperty` / `labelProperty`. */
export function selectChoices(c: FormComponent): Choice[] {
  const data = (typeof c.data === 'object' && c.data !== null ? c.data : {}) as Record<string, unknown>;
  if ((c.dataSrc ?? 'values') === 'values') return choicesOf(data.values);
  if (c.dataSrc !== 'json') return [];
  let items = data.json;
  if (typeof items === 'string')
    try {
      items = JSON.parse(items);
    } catch {
      return [];
    }
  if (!Array.isArray(items)) return [];
  const valueProperty = text(c.valueProperty);
  const labelProperty = text(c.labelProperty);
  return items.map((item) => {
    const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const value = valueProperty ? getPath(record, valueProperty) : item;
    const label = labelProperty
      ? getPath(record, labelProperty)
      : (record.label ?? record.name ?? record.title ?? value);
    return { label: typeof label === 'object' ? JSON.stringify(label) : String(label ?? ''), value };
  });
}

const optionKey = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One answer from a list (a multi-value select is a list of these: multi-value.tsx). */
export function SelectInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const choices = selectChoices(component);
  const value = valueAt(form, path);
  const selected = value === undefined || value === null || value === '' ? '' : optionKey(value);
  const byKey = new Map(choices.map((choice) => [optionKey(choice.value), choice.value]));
  return (
    <Field component={component} parts={parts}>
      <select
        {...inputProps(props, parts, form)}
        className={`nhsuk-select${parts.invalid ? ' nhsuk-select--error' : ''}`}
        value={selected}
        onChange={(event) =>
          form.setValue(path, event.target.value === '' ? undefined : byKey.get(event.target.value))
        }
      >
        <option value="">{text(component.placeholder) || 'Select an option'}</option>
        {choices.map((choice) => (
          <option key={optionKey(choice.value)} value={optionKey(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function RadioInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = valueAt(form, path);
  const choices = choicesOf(component.values);
  const byKey = new Map(choices.map((choice) => [optionKey(choice.value), choice.value]));
  return (
    <FieldsetField component={component} parts={parts}>
      <RadioGroup
        {...groupProps(props, parts, form, choices, optionKey)}
        inline={component.inline === true && choices.length <= 2}
        value={value === undefined ? undefined : optionKey(value)}
        onChange={(key) => form.setValue(path, byKey.get(key))}
      />
    </FieldsetField>
  );
}

/**
 * A single checkbox (true or false). Not the shared `Checkbox`: its label carries the required mark, its
 * hint is a manager's HTML named by its `aria-describedby` with the error, and its form group is a
 * Form.io component's (`formio-component-*`), none of which that one draws.
 */
export function CheckboxInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const checked = valueAt(form, path) === true;
  return (
    <div
      className={`nhsuk-form-group formio-component-${text(component.key)}${parts.invalid ? ' nhsuk-form-group--error' : ''}`}
    >
      <Hint component={component} id={parts.hintId} />
      <ErrorMessage id={parts.errorId} errors={parts.errors} />
      <div className="nhsuk-checkboxes">
        <div className="nhsuk-checkboxes__item">
          <input
            {...inputProps(props, parts, form)}
            className="nhsuk-checkboxes__input"
            type="checkbox"
            checked={checked}
            onChange={(event) => form.setValue(path, event.target.checked)}
          />
          <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={parts.id}>
            {labelText(component)}
            <RequiredMark component={component} />
          </label>
        </div>
      </div>
    </div>
  );
}

export function SelectBoxesInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = objectAt(form, path);
  const choices = choicesOf(component.values);
  return (
    <FieldsetField component={component} parts={parts}>
      <CheckboxGroup
        {...groupProps(props, parts, form, choices, String)}
        values={choices.map((c) => String(c.value)).filter((key) => value[key] === true)}
        onChange={(key, checked) => {
          // Every box is stored, ticked or not, as Form.io stores select boxes.
          const next: Record<string, boolean> = {};
          for (const c of choices) next[String(c.value)] = value[String(c.value)] === true;
          next[key] = checked;
          form.setValue(path, next);
        }}
      />
    </FieldsetField>
  );
}

/**
 * The shared group's items inside the question's own fieldset (FieldsetField draws the legend, hint and
 * error): the first choice takes the question's id, so the error summary's link lands on it.
 */
function groupProps(
  props: ComponentProps,
  parts: FieldParts,
  form: Form,
  choices: Choice[],
  keyOf: (value: unknown) => string,
) {
  const { id, name, disabled, onBlur } = inputProps(props, parts, form);
  return {
    itemsOnly: true,
    id,
    name,
    legend: labelText(props.component),
    disabled,
    invalid: parts.invalid,
    onBlur,
    options: choices.map((choice, index) => ({
      value: keyOf(choice.value),
      label: choice.label,
      id: index === 0 ? id : `${id}-${index}`,
    })),
  };
}

const objectAt = (form: Form, path: string) => {
  const raw = valueAt(form, path);
  return (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
};

/**
 * A survey: one radio group per question, laid out as a table (questions down, answers across). Every
 * radio is named by its question and its answer, so it reads well alone and in a screen reader's list.
 * Not the shared `RadioGroup`: its radios sit in table cells, one group to a row, not in a list.
 */
export function SurveyInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = objectAt(form, path);
  const questions = choicesOf(component.questions);
  const answers = choicesOf(component.values);
  return (
    <FieldsetField component={component} parts={parts}>
      <div className="dcf-table-scroll">
        <table className="nhsuk-table dcf-survey">
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              <td className="nhsuk-table__header" />
              {answers.map((answer) => (
                <th scope="col" className="nhsuk-table__header" key={String(answer.value)}>
                  {answer.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {questions.map((question, row) => {
              const questionKey = String(question.value);
              return (
                <tr className="nhsuk-table__row" key={questionKey}>
                  <th scope="row" className="nhsuk-table__cell">
                    {question.label}
                  </th>
                  {answers.map((answer, column) => {
                    const id = row === 0 && column === 0 ? parts.id : `${parts.id}-${row}-${column}`;
                    return (
                      <td className="nhsuk-table__cell" key={String(answer.value)}>
                        <div className="nhsuk-radios__item dcf-survey__radio">
                          <input
                            {...inputProps(props, parts, form)}
                            id={id}
                            name={`${inputName(path)}[${questionKey}]`}
                            aria-describedby={undefined}
                            className="nhsuk-radios__input"
                            type="radio"
                            checked={
                              value[questionKey] !== undefined &&
                              String(value[questionKey]) === String(answer.value)
                            }
                            onChange={() => form.setValue(path, { ...value, [questionKey]: answer.value })}
                          />
                          <label className="nhsuk-label nhsuk-radios__label" htmlFor={id}>
                            <span className="nhsuk-u-visually-hidden">
                              {question.label}: {answer.label}
                            </span>
                          </label>
                        </div>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </FieldsetField>
  );
}
