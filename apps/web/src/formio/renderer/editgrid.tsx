import { formAnswers } from '@dcf/forms/answers';
import type { FormComponent } from '@dcf/forms/components';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Children } from './components';
import { type ComponentProps, type Scope, text, useForm } from './context';
import { FieldsetField, labelText, useFieldParts } from './field';
import { Heading } from './layout';
import { getPath } from './paths';

/**
 * Form.io's edit grid as an "add to a list" pattern: each saved row is a summary of its answers with
 * Change and Remove buttons; Add another opens a new row, which Save row closes (after its draft checks:
 * types, lengths, patterns; required answers are a submit's business) and Cancel takes away. Change
 * opens a row again, Cancel puts its answers back. Focus follows each step. A row the server or the
 * engine has a message about stays open, so every message is at its question.
 *
 * A row's answers are in the form's answers while it is open (a draft saves what is typed so far).
 */
export function EditGrid({ component, path, scope }: ComponentProps) {
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = getPath(form.data, path);
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const label = labelText(component);
  const grid = useEditGrid(component, path, rows);
  return (
    <FieldsetField ref={grid.box} component={component} parts={parts} groupClassName="dcf-grid dcf-editgrid">
      {/* The grid's own id, for the error summary's link to a message about the whole list. */}
      <span id={parts.id} className="dcf-editgrid__anchor" tabIndex={-1} />
      {rows.length === 0 ? <p className="nhsuk-body">No rows added yet.</p> : null}
      {rows.map((row, index) =>
        grid.isOpen(index) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their place, as their answers are.
          <OpenRow key={index} index={index} component={component} scope={scope} grid={grid} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <SavedRow key={index} index={index} row={row} component={component} scope={scope} grid={grid} />
        ),
      )}
      {grid.canAdd ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary formio-button-add-row"
          onClick={grid.add}
        >
          {text(component.addAnother) || 'Add another'}{' '}
          <span className="nhsuk-u-visually-hidden">row to {label}</span>
        </button>
      ) : null}
    </FieldsetField>
  );
}

/**
 * Which rows are open and the steps on them: add, change, save, cancel, remove. Focus follows each
 * step, once it has been drawn.
 */
function useEditGrid(component: FormComponent, path: string, rows: Record<string, unknown>[]) {
  const form = useForm();
  const rowPath = (index: number) => `${path}[${index}]`;
  // Rows being edited, with the answers they had when opened (none for a new row, which Cancel removes).
  const [open, setOpen] = useState<ReadonlyMap<number, Record<string, unknown> | null>>(new Map());
  const { box, focusLater } = useFocusAfterDraw();
  useOpenRowsAsked(path, rows, open, setOpen);

  const max = Number((component.validate as { maxLength?: unknown } | undefined)?.maxLength);
  const canEdit = !form.readOnly && component.disabled !== true;
  const canChange = canEdit && component.disableAddingRemovingRows !== true;
  const isOpen = (index: number) => canEdit && open.has(index);
  const editing = rows.some((_, index) => isOpen(index));
  const canAdd = canChange && !editing && !(Number.isFinite(max) && max > 0 && rows.length >= max);

  // A row closed is shown saved: focus goes to its Change button.
  const close = (index: number) => {
    setOpen((map) => {
      const next = new Map(map);
      next.delete(index);
      return next;
    });
    focusLater(`[data-row="${index}"] .dcf-editgrid__change`);
  };
  const withoutRow = (index: number) => {
    form.setValue(
      path,
      rows.filter((_, i) => i !== index),
    );
    // Rows after it move up one place.
    setOpen(
      (map) =>
        new Map([...map].filter(([i]) => i !== index).map(([i, saved]) => [i > index ? i - 1 : i, saved])),
    );
  };
  return {
    box,
    canEdit,
    canChange,
    canAdd,
    editing,
    isOpen,
    rowPath,
    add: () => {
      form.setValue(path, [...rows, {}]);
      setOpen((map) => new Map(map).set(rows.length, null));
      focusLater(`[data-row="${rows.length}"] > legend`);
    },
    change: (index: number) => {
      setOpen((map) => new Map(map).set(index, structuredClone(rows[index] ?? {})));
      focusLater(`[data-row="${index}"] > legend`);
    },
    save: (index: number) => {
      const problems = form.errorPathsUnder(rowPath(index));
      for (const problem of problems) form.touch(problem);
      if (problems.length > 0) focusLater(`[data-row="${index}"] [aria-invalid="true"]`);
      else close(index);
    },
    cancel: (index: number) => {
      const saved = open.get(index);
      if (saved) {
        form.setValue(rowPath(index), saved);
        close(index);
      } else {
        withoutRow(index);
        focusLater('.formio-button-add-row');
      }
    },
    remove: (index: number) => {
      withoutRow(index);
      focusLater(
        rows.length > 1
          ? `[data-row="${Math.max(index - 1, 0)}"] .dcf-editgrid__change`
          : '.dcf-editgrid__anchor',
      );
    },
  };
}

type EditGridState = ReturnType<typeof useEditGrid>;

/** Where focus goes once the step has been drawn (a redraw is asked for, in case nothing else changed). */
function useFocusAfterDraw() {
  const focusAfter = useRef<string | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    box.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  const focusLater = (selector: string) => {
    focusAfter.current = selector;
    redraw();
  };
  return { box, focusLater };
}

/**
 * A row with a message opens (and stays open until saved, though the message goes as it is edited);
 * so does a closed row the error summary or a Change link asks for.
 */
function useOpenRowsAsked(
  path: string,
  rows: Record<string, unknown>[],
  open: ReadonlyMap<number, unknown>,
  setOpen: Dispatch<SetStateAction<ReadonlyMap<number, Record<string, unknown> | null>>>,
) {
  const form = useForm();
  const wanted = form.revealing?.path;
  const rowOf = (at: string | undefined) =>
    at?.startsWith(`${path}[`) ? Number(/^\[(\d+)\]/.exec(at.slice(path.length))?.[1]) : Number.NaN;
  const toOpen = [
    rowOf(wanted),
    ...rows.map((_, i) => (form.errorPathsUnder(`${path}[${i}]`).length > 0 ? i : -1)),
  ]
    .filter((i) => Number.isInteger(i) && i >= 0 && i < rows.length && !open.has(i))
    .join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows to open are all in `toOpen`.
  useEffect(() => {
    if (toOpen === '' || form.readOnly) return;
    setOpen((map) => {
      const next = new Map(map);
      for (const i of toOpen.split(',').map(Number)) next.set(i, structuredClone(rows[i] ?? {}));
      return next;
    });
  }, [toOpen]);
}

interface RowProps {
  index: number;
  component: FormComponent;
  scope: Scope;
  grid: EditGridState;
}

/** A row being edited: its questions, then Save row and Cancel. */
function OpenRow({ index, component, scope, grid }: RowProps) {
  const label = labelText(component);
  const rowPath = grid.rowPath(index);
  return (
    <fieldset className="nhsuk-fieldset dcf-grid__row" data-row={index}>
      <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s" tabIndex={-1}>
        Row {index + 1} <span className="nhsuk-u-visually-hidden">of {label}</span>
      </legend>
      <Children
        list={component.components}
        scope={{ dataPrefix: rowPath, layoutPrefix: rowPath, level: scope.level + 1 }}
      />
      <div className="nhsuk-button-group">
        <button type="button" className="nhsuk-button nhsuk-button--small" onClick={() => grid.save(index)}>
          {text(component.saveRow) || 'Save row'}{' '}
          <span className="nhsuk-u-visually-hidden">
            {index + 1} of {label}
          </span>
        </button>
        <RowButton text="Cancel" index={index} label={label} onClick={() => grid.cancel(index)} />
      </div>
    </fieldset>
  );
}

/** A saved row: a summary of its answers, with Change and Remove. */
function SavedRow({ index, row, component, scope, grid }: RowProps & { row: Record<string, unknown> }) {
  const label = labelText(component);
  return (
    <div className="dcf-grid__row dcf-editgrid__row" data-row={index}>
      <Heading level={scope.level + 1} className="nhsuk-heading-xs">{`Row ${index + 1}`}</Heading>
      <RowSummary component={component} row={row} />
      {grid.canEdit ? (
        <div className="nhsuk-button-group">
          <RowButton
            className="dcf-editgrid__change"
            text="Change"
            index={index}
            label={label}
            disabled={grid.editing}
            onClick={() => grid.change(index)}
          />
          {grid.canChange ? (
            <RowButton
              className="formio-button-remove-row"
              text="Remove"
              index={index}
              label={label}
              disabled={grid.editing}
              onClick={() => grid.remove(index)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A small secondary button about one row, named "<text> row <n> of <grid>" for a screen reader. */
function RowButton({
  className,
  text: words,
  index,
  label,
  disabled,
  onClick,
}: {
  className?: string;
  text: string;
  index: number;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`nhsuk-button nhsuk-button--secondary nhsuk-button--small${className ? ` ${className}` : ''}`}
      disabled={disabled}
      onClick={onClick}
    >
      {words}{' '}
      <span className="nhsuk-u-visually-hidden">
        row {index + 1} of {label}
      </span>
    </button>
  );
}

/** A saved row's answers, as check your answers shows them. */
function RowSummary({
  component,
  row,
}: {
  component: ComponentProps['component'];
  row: Record<string, unknown>;
}) {
  const items = formAnswers({ display: 'form', components: component.components ?? [] }, row);
  const entries: ReactNode[] = [];
  for (const item of items) {
    if (item.kind !== 'field' && item.kind !== 'table') continue;
    const answer =
      item.kind === 'field' ? item.answer : `${item.rows.length} ${item.rows.length === 1 ? 'row' : 'rows'}`;
    entries.push(
      <div className="nhsuk-summary-list__row" key={item.path}>
        <dt className="nhsuk-summary-list__key">{item.label}</dt>
        <dd className="nhsuk-summary-list__value">{answer}</dd>
      </div>,
    );
  }
  return <dl className="nhsuk-summary-list dcf-editgrid__summary">{entries}</dl>;
}
