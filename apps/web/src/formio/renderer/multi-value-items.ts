import type { FormComponent } from '@dcf/forms/components';
import { useEffect, useRef } from 'react';
import type { FormContextValue } from './context';
import { fieldId } from './paths';

export const addId = (path: string) => `${fieldId(path)}-add`;
/** After a move the focus stays on the same button of the item moved (or its other one at an end). */
export const moveId = (path: string, index: number, by: -1 | 1) =>
  `${fieldId(`${path}[${index}]`)}-move-${by < 0 ? 'up' : 'down'}`;

/** What an item box left empty holds: Form.io's empty answer of one item (an empty text). */
export const emptyItem = (_component: FormComponent): unknown => '';

/**
 * A multi-value question's list changes (Add another, Remove, Move up / Move down), each followed by
 * focus where the person goes on, and the key of each box shown.
 */
export function useMultiValueItems(
  form: FormContextValue,
  component: FormComponent,
  path: string,
  items: unknown[],
  shownCount: number,
) {
  // Stable keys, moved with their items, so a box keeps what is being typed in it when others move.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  while (keys.current.length < shownCount) keys.current.push(nextKey.current++);
  keys.current.length = shownCount;

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

  return { keyOf: (index: number) => keys.current[index], add, remove, move };
}
