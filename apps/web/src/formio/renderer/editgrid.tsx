import { formAnswers } from '@dcf/forms/answers';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { Children } from './components';
import { type ComponentProps, text, useForm } from './context';
import { ErrorMessage, Hint, labelText, RequiredMark, useFieldParts } from './field';
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
  const rowPath = (index: number) => `${path}[${index}]`;
  // Rows being edited, with the answers they had when opened (none for a new row, which Cancel removes).
  const [open, setOpen] = useState<ReadonlyMap<number, Record<string, unknown> | null>>(new Map());
  // Where focus goes once the step has been drawn (a redraw is asked for, in case nothing else changed).
  const focusAfter = useRef<string | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const focusLater = (selector: string) => {
    focusAfter.current = selector;
    redraw();
  };
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    box.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  // A row with a message opens (and stays open until saved, though the message goes as it is edited);
  // so does a closed row the error summary or a Change link asks for.
  const wanted = form.revealing?.path;
  const rowOf = (at: string | undefined) =>
    at?.startsWith(`${path}[`) ? Number(/^\[(\d+)\]/.exec(at.slice(path.length))?.[1]) : Number.NaN;
  const toOpen = [
    rowOf(wanted),
    ...rows.map((_, i) => (form.errorPathsUnder(rowPath(i)).length > 0 ? i : -1)),
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

  const validate = (component.validate ?? {}) as { maxLength?: unknown };
  const max = Number(validate.maxLength);
  const canEdit = !form.readOnly && component.disabled !== true;
  const canChange = canEdit && component.disableAddingRemovingRows !== true;
  const isOpen = (index: number) => canEdit && open.has(index);
  const editing = rows.some((_, index) => isOpen(index));
  const canAdd = canChange && !editing && !(Number.isFinite(max) && max > 0 && rows.length >= max);

  const close = (index: number) => {
    setOpen((map) => {
      const next = new Map(map);
      next.delete(index);
      return next;
    });
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
  const add = () => {
    form.setValue(path, [...rows, {}]);
    setOpen((map) => new Map(map).set(rows.length, null));
    focusLater(`[data-row="${rows.length}"] > legend`);
  };
  const save = (index: number) => {
    const problems = form.errorPathsUnder(rowPath(index));
    for (const problem of problems) form.touch(problem);
    if (problems.length > 0) {
      focusLater(`[data-row="${index}"] [aria-invalid="true"]`);
      return;
    }
    close(index);
    focusLater(`[data-row="${index}"] .dcf-editgrid__change`);
  };
  const cancel = (index: number) => {
    const saved = open.get(index);
    if (saved) {
      form.setValue(rowPath(index), saved);
      close(index);
      focusLater(`[data-row="${index}"] .dcf-editgrid__change`);
    } else {
      withoutRow(index);
      focusLater('.formio-button-add-row');
    }
  };
  const remove = (index: number) => {
    withoutRow(index);
    focusLater(
      rows.length > 1
        ? `[data-row="${Math.max(index - 1, 0)}"] .dcf-editgrid__change`
        : '.dcf-editgrid__anchor',
    );
  };

  return (
    <div
      ref={box}
      className={`nhsuk-form-group dcf-grid dcf-editgrid formio-component-${text(component.key)}${parts.invalid ? ' nhsuk-form-group--error' : ''}`}
    >
      <fieldset className="nhsuk-fieldset" aria-describedby={parts.describedBy}>
        <legend
          className={`nhsuk-fieldset__legend nhsuk-fieldset__legend--s${component.hideLabel === true ? ' nhsuk-u-visually-hidden' : ''}`}
        >
          {label}
          <RequiredMark component={component} />
        </legend>
        <Hint component={component} id={parts.hintId} />
        <ErrorMessage id={parts.errorId} errors={parts.errors} />
        {/* The grid's own id, for the error summary's link to a message about the whole list. */}
        <span id={parts.id} className="dcf-editgrid__anchor" tabIndex={-1} />
        {rows.length === 0 ? <p className="nhsuk-body">No rows added yet.</p> : null}
        {rows.map((row, index) =>
          isOpen(index) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their place, as their answers are.
            <fieldset className="nhsuk-fieldset dcf-grid__row" key={index} data-row={index}>
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s" tabIndex={-1}>
                Row {index + 1} <span className="nhsuk-u-visually-hidden">of {label}</span>
              </legend>
              <Children
                list={component.components}
                scope={{ dataPrefix: rowPath(index), layoutPrefix: rowPath(index), level: scope.level + 1 }}
              />
              <div className="nhsuk-button-group">
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--small"
                  onClick={() => save(index)}
                >
                  {text(component.saveRow) || 'Save row'}{' '}
                  <span className="nhsuk-u-visually-hidden">
                    {index + 1} of {label}
                  </span>
                </button>
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--secondary nhsuk-button--small"
                  onClick={() => cancel(index)}
                >
                  Cancel{' '}
                  <span className="nhsuk-u-visually-hidden">
                    row {index + 1} of {label}
                  </span>
                </button>
              </div>
            </fieldset>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <div className="dcf-grid__row dcf-editgrid__row" key={index} data-row={index}>
              <Heading level={scope.level + 1} className="nhsuk-heading-xs">{`Row ${index + 1}`}</Heading>
              <RowSummary component={component} row={row} />
              {canEdit ? (
                <div className="nhsuk-button-group">
                  <button
                    type="button"
                    className="nhsuk-button nhsuk-button--secondary nhsuk-button--small dcf-editgrid__change"
                    disabled={editing}
                    onClick={() => {
                      setOpen((map) => new Map(map).set(index, structuredClone(row)));
                      focusLater(`[data-row="${index}"] > legend`);
                    }}
                  >
                    Change{' '}
                    <span className="nhsuk-u-visually-hidden">
                      row {index + 1} of {label}
                    </span>
                  </button>
                  {canChange ? (
                    <button
                      type="button"
                      className="nhsuk-button nhsuk-button--secondary nhsuk-button--small formio-button-remove-row"
                      disabled={editing}
                      onClick={() => remove(index)}
                    >
                      Remove{' '}
                      <span className="nhsuk-u-visually-hidden">
                        row {index + 1} of {label}
                      </span>
                    </button>
                  ) : null}
                </div>
              ) : null}
            </div>
          ),
        )}
        {canAdd ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary formio-button-add-row"
            onClick={add}
          >
            {text(component.addAnother) || 'Add another'}{' '}
            <span className="nhsuk-u-visually-hidden">row to {label}</span>
          </button>
        ) : null}
      </fieldset>
    </div>
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
