import type { ReactNode } from 'react';
import { describedByOf, ErrorMessage } from './form-group';

/** One choice of a radio or checkbox group. */
export interface ChoiceOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** Shown under the label and named by the item's `aria-describedby`. */
  hint?: ReactNode;
  /** The item's id when it is not `${groupId}-${value}` (an error summary link may point at it). */
  id?: string | undefined;
}

interface GroupProps<V extends string> {
  /** The group's id: its hint is `${id}-hint`, its error `${id}-error`, an item's id `${id}-${value}`. */
  id: string;
  legend: ReactNode;
  /** `s` (the default) for a question among others; `hidden` when a heading already names the group. */
  legendSize?: 's' | 'hidden';
  hint?: ReactNode;
  error?: string | undefined;
  options: readonly ChoiceOption<V>[];
  /** Items side by side (two or three short choices). */
  inline?: boolean;
  /** The small NHS.UK items, for long lists. */
  small?: boolean;
  disabled?: boolean;
  /** The inputs' shared name (a radio group's id when absent; none for checkboxes). */
  name?: string;
  /**
   * The items alone, for a caller that draws its own form group, fieldset, legend, hint and error (the
   * Form.io renderer: its labels are a manager's, with a required mark and HTML hints).
   */
  itemsOnly?: boolean;
  /** Marks every input `aria-invalid` (with `itemsOnly`, the caller shows the error). */
  invalid?: boolean;
  /** An input left (the Form.io renderer shows a question's draft check once it is left). */
  onBlur?: () => void;
}

const itemIdOf = (groupId: string, option: ChoiceOption) => option.id ?? `${groupId}-${option.value}`;
// Not `${itemId}-hint`: an item may take the group's id, whose hint is the group's.
const itemHintIdOf = (itemId: string) => `${itemId}-item-hint`;

/**
 * The NHS.UK frame of a group: form group (red bar on error), fieldset named by its legend and described
 * by its hint and error, then the items.
 */
function Group<V extends string>({
  props,
  kind,
  item,
}: {
  props: GroupProps<V>;
  kind: 'radios' | 'checkboxes';
  item: (option: ChoiceOption<V>, itemId: string) => ReactNode;
}) {
  const { id, legend, legendSize = 's', hint, error, options, inline, small } = props;
  const legendClass = legendSize === 'hidden' ? 'nhsuk-u-visually-hidden' : 'nhsuk-fieldset__legend--s';
  const modifiers = `${inline ? ` nhsuk-${kind}--inline` : ''}${small ? ` nhsuk-${kind}--small` : ''}`;
  const items = (
    <div className={`nhsuk-${kind}${modifiers}`}>
      {options.map((option) => {
        const itemId = itemIdOf(id, option);
        return (
          <div className={`nhsuk-${kind}__item`} key={option.value}>
            {item(option, itemId)}
            <label className={`nhsuk-label nhsuk-${kind}__label`} htmlFor={itemId}>
              {option.label}
            </label>
            {option.hint ? (
              <div className={`nhsuk-hint nhsuk-${kind}__hint`} id={itemHintIdOf(itemId)}>
                {option.hint}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
  if (props.itemsOnly) return items;
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={describedByOf(id, hint, error)}>
        <legend className={`nhsuk-fieldset__legend ${legendClass}`}>{legend}</legend>
        {hint ? (
          <div className="nhsuk-hint" id={`${id}-hint`}>
            {hint}
          </div>
        ) : null}
        <ErrorMessage fieldId={id} error={error} />
        {items}
      </fieldset>
    </div>
  );
}

/** What every item's input takes from its group. */
const inputProps = (props: GroupProps<string>, option: ChoiceOption, itemId: string) => ({
  id: itemId,
  value: option.value,
  disabled: props.disabled,
  'aria-describedby': option.hint ? itemHintIdOf(itemId) : undefined,
  'aria-invalid': props.invalid || undefined,
  onBlur: props.onBlur,
});

export interface RadioGroupProps<V extends string> extends GroupProps<V> {
  /** The chosen value; none is chosen while it matches no option (undefined or ''). */
  value: string | undefined;
  onChange: (value: V) => void;
}

/** An NHS.UK radio group: one choice of several, the arrow keys move between them (the browser's). */
export function RadioGroup<V extends string>(props: RadioGroupProps<V>) {
  return (
    <Group
      props={props}
      kind="radios"
      item={(option, itemId) => (
        <input
          {...inputProps(props, option, itemId)}
          className="nhsuk-radios__input"
          name={props.name ?? props.id}
          type="radio"
          checked={props.value === option.value}
          onChange={() => props.onChange(option.value)}
        />
      )}
    />
  );
}

export interface CheckboxGroupProps<V extends string> extends GroupProps<V> {
  /** The ticked values. */
  values: readonly V[];
  /** One item ticked or unticked. */
  onChange: (value: V, checked: boolean) => void;
}

/** An NHS.UK checkbox group: any number of choices under one legend. */
export function CheckboxGroup<V extends string>(props: CheckboxGroupProps<V>) {
  return (
    <Group
      props={props}
      kind="checkboxes"
      item={(option, itemId) => (
        <input
          {...inputProps(props, option, itemId)}
          className="nhsuk-checkboxes__input"
          name={props.name}
          type="checkbox"
          checked={props.values.includes(option.value)}
          onChange={(event) => props.onChange(option.value, event.target.checked)}
        />
      )}
    />
  );
}

export interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label is for screen readers only (a checkbox in a table row the row already names). */
  labelHidden?: boolean;
  /** Shown above the checkbox in NHS.UK error style, and named by its `aria-describedby`. */
  error?: string | undefined;
  name?: string;
  disabled?: boolean;
  /** A table cell's checkbox: small, with no form group around it. */
  inCell?: boolean;
}

/** One NHS.UK checkbox on its own: a yes or no setting, a declaration, or a row's tick in a table. */
export function Checkbox({
  id,
  label,
  checked,
  onChange,
  labelHidden,
  error,
  name,
  disabled,
  inCell,
}: CheckboxProps) {
  const box = (
    <div className={`nhsuk-checkboxes${inCell ? ' nhsuk-checkboxes--small' : ''}`}>
      <div className="nhsuk-checkboxes__item">
        <input
          className="nhsuk-checkboxes__input"
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={describedByOf(id, undefined, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
          {labelHidden ? <span className="nhsuk-u-visually-hidden">{label}</span> : label}
        </label>
      </div>
    </div>
  );
  if (inCell) return box;
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <ErrorMessage fieldId={id} error={error} />
      {box}
    </div>
  );
}
