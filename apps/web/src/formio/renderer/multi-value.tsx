import type { FormComponent } from '@dcf/forms/components';
import { type JSX, useEffect, useMemo, useRef } from 'react';
import { type ComponentProps, FormContext, type FormContextValue, useForm } from './context';
import { FieldsetField, labelText, useFieldParts } from './field';
import { fieldId, getPath } from './paths';

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

  // Stable keys, moved with their items, so a box keeps what is being typed in it when others move.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  while (keys.current.length < shown.length) keys.current.push(nextKey.current++);
  keys.current.length = shown.length;

  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    const element = document.getElementById(focusAfter.current);
    focusAfter.current = null;
    element?.focus();
  });

  const setItems = (next: unknown[], focus: string) => {
    focusAfter.current = focus;
    form.setValue(path, next);
  };
  const add = () => {
    keys.current.push(nextKey.current++);
    // The first box on screen is an item too once another is added.
    const list =
      items.length === 0 ? [emptyItem(component), emptyItem(component)] : [...items, emptyItem(component)];
    setItems(list, fieldId(`${path}[${list.length - 1}]`));
  };
  const remove = (index: number) => {
    keys.current.splice(index, 1);
    const list = items.filter((_, i) => i !== index);
    setItems(list, list.length > 0 ? fieldId(`${path}[${Math.max(0, index - 1)}]`) : addId(path));
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const list = [...items];
    [list[index], list[to]] = [list[to], list[index]];
    const moved = keys.current;
    [moved[index], moved[to]] = [moved[to] as number, moved[index] as number];
    // Focus stays on the same button of the item moved, or its other one at an end of the list.
    const sameButtonThere = by < 0 ? to > 0 : to < list.length - 1;
    setItems(list, moveId(path, to, sameButtonThere ? by : by < 0 ? 1 : -1));
  };

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
              <li className="dcf-add-another__item" key={keys.current[index]}>
                <View component={{ ...single, label }} path={`${path}[${index}]`} scope={scope} />
                {canChange && items.length > 1 ? (
                  <div className="dcf-add-another__actions">
                    {index > 0 ? (
                      <button
                        type="button"
                        className="dcf-link-button"
                        id={moveId(path, index, -1)}
                        onClick={() => move(index, -1)}
                      >
                        Move up <span className="nhsuk-u-visually-hidden">{label}</span>
                      </button>
                    ) : null}
                    {index < items.length - 1 ? (
                      <button
                        type="button"
                        className="dcf-link-button"
                        id={moveId(path, index, 1)}
                        onClick={() => move(index, 1)}
                      >
                        Move down <span className="nhsuk-u-visually-hidden">{label}</span>
                      </button>
                    ) : null}
                    <button type="button" className="dcf-link-button" onClick={() => remove(index)}>
                      Remove <span className="nhsuk-u-visually-hidden">{label}</span>
                    </button>
                  </div>
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

const addId = (path: string) => `${fieldId(path)}-add`;
/** After a move the focus stays on the same button of the item moved (or its other one at an end). */
const moveId = (path: string, index: number, by: -1 | 1) =>
  `${fieldId(`${path}[${index}]`)}-move-${by < 0 ? 'up' : 'down'}`;

/** What an item box left empty holds: Form.io's empty answer of one item (an empty text). */
const emptyItem = (_component: FormComponent): unknown => '';

/** One item of the list: the question as a single answer, its own label, no hint of its own (the list has it). */
function itemComponent(component: FormComponent): FormComponent {
  const { description: _d, tooltip: _t, ...rest } = component;
  return { ...rest, multiple: false, hideLabel: false };
}
