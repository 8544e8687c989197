import type { FormComponent } from '@dcf/forms/components';
import { type JSX, useMemo } from 'react';
import { type ComponentProps, FormContext, type FormContextValue, useForm } from './context';
import { FieldsetField, labelText, useFieldParts } from './field';
import { addId, emptyItem, moveId, useMultiValueItems } from './multi-value-items';
import { getPath } from './paths';

/**
 * A multi-value question (`multiple: true`, decision 0035) as the NHS.UK "add another" pattern: one box
 * per answer, each labelled with the question and its number ("Ward 2"), with its own message; Add
 * another, Remove and Move up / Move down. The answer is the list of items as shown (an item box left
 * empty is an empty text), so the engine, the server and the exports read a list. A question not
 * answered shows one empty box: typing into it makes a list of one, and emptying the only box leaves
 * the question unanswered again.
 */
export function MultiValue({
  View,
  ...props
}: ComponentProps & { View: (props: ComponentProps) => JSX.Element | null }) {
  const { component, path, scope } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const raw = getPath(form.data, path);
  const items: unknown[] = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const shown = items.length === 0 ? [undefined] : items;
  const name = labelText(component);
  const canChange = !form.readOnly && component.disabled !== true;
  const itemCount = items.length;

  const { keyOf, add, remove, move } = useMultiValueItems(form, component, path, items, shown.length);

  // Each box writes its own item; a box emptied keeps its place in the list as an empty answer.
  const itemForm = useMemo<FormContextValue>(
    () => ({
      ...form,
      setValue: (at, value) => {
        if (!at.startsWith(`${path}[`) || value !== undefined) form.setValue(at, value);
        // The only box emptied: the question is not answered (as before anything was typed).
        else if (itemCount <= 1) form.setValue(path, undefined);
        else form.setValue(at, emptyItem(component));
      },
    }),
    [form, path, component, itemCount],
  );
  const single = useMemo(() => itemComponent(component), [component]);

  return (
    <FieldsetField component={component} parts={parts} groupClassName="dcf-add-another">
      <FormContext.Provider value={itemForm}>
        <ol className="dcf-add-another__list">
          {shown.map((_, index) => {
            const label = `${name} ${index + 1}`;
            return (
              <li className="dcf-add-another__item" key={keyOf(index)}>
                <View component={{ ...single, label }} path={`${path}[${index}]`} scope={scope} />
                {canChange && items.length > 1 ? (
                  <ItemActions
                    path={path}
                    index={index}
                    count={items.length}
                    label={label}
                    onMove={(by) => move(index, by)}
                    onRemove={() => remove(index)}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      </FormContext.Provider>
      {canChange ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary dcf-add-another__add"
          id={addId(path)}
          onClick={add}
        >
          Add another <span className="nhsuk-u-visually-hidden">answer to {name}</span>
        </button>
      ) : null}
    </FieldsetField>
  );
}

/** Move up (not on the first), Move down (not on the last) and Remove, each naming its item to screen readers. */
function ItemActions({
  path,
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  path: string;
  index: number;
  count: number;
  label: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="dcf-add-another__actions">
      {index > 0 ? (
        <button
          type="button"
          className="dcf-link-button"
          id={moveId(path, index, -1)}
          onClick={() => onMove(-1)}
        >
          Move up <span className="nhsuk-u-visually-hidden">{label}</span>
        </button>
      ) : null}
      {index < count - 1 ? (
        <button
          type="button"
          className="dcf-link-button"
          id={moveId(path, index, 1)}
          onClick={() => onMove(1)}
        >
          Move down <span className="nhsuk-u-visually-hidden">{label}</span>
        </button>
      ) : null}
      <button type="button" className="dcf-link-button" onClick={onRemove}>
        Remove <span className="nhsuk-u-visually-hidden">{label}</span>
      </button>
    </div>
  );
}

/** One item of the list: the question as a single answer, its own label, no hint of its own (the list has it). */
function itemComponent(component: FormComponent): FormComponent {
  const { description: _d, tooltip: _t, ...rest } = component;
  return { ...rest, multiple: false, hideLabel: false };
}
