import { Children } from './components';
import { type ComponentProps, text, useForm } from './context';
import { ErrorMessage, labelText, RequiredMark, useFieldParts } from './field';
import { getPath } from './paths';

/**
 * Data grids (and grids of types we do not know): one fieldset per row ("Row 1", "Row 2"...), each with
 * a Remove button named by its row, and an "Add another" button, all in words. A data grid shows one
 * empty row to start (as Form.io does); typing into it makes it a row. Edit grids: ./editgrid.tsx.
 */
export function Grid({ component, path, scope }: ComponentProps) {
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = getPath(form.data, path);
  const rows = Array.isArray(value) ? value : [];
  const startsEmpty = component.type !== 'datagrid' || component.initEmpty === true;
  const count = Math.max(rows.length, startsEmpty ? 0 : 1);
  const validate = (component.validate ?? {}) as { maxLength?: unknown };
  const max = Number(validate.maxLength);
  const canChange =
    !form.readOnly && component.disabled !== true && component.disableAddingRemovingRows !== true;
  const canAdd = canChange && !(Number.isFinite(max) && max > 0 && count >= max);
  const label = labelText(component);
  const padded = () => Array.from({ length: count }, (_, i) => rows[i] ?? {});
  return (
    <div
      className={`nhsuk-form-group dcf-grid formio-component-${text(component.key)}${parts.invalid ? ' nhsuk-form-group--error' : ''}`}
    >
      <fieldset className="nhsuk-fieldset" aria-describedby={parts.describedBy}>
        <legend
          className={`nhsuk-fieldset__legend nhsuk-fieldset__legend--s${component.hideLabel === true ? ' nhsuk-u-visually-hidden' : ''}`}
        >
          {label}
          <RequiredMark component={component} />
        </legend>
        {parts.hintId ? (
          <div className="nhsuk-hint" id={parts.hintId}>
            {text(component.description) || text(component.tooltip)}
          </div>
        ) : null}
        <ErrorMessage id={parts.errorId} errors={parts.errors} />
        {/* The grid's own id, for the error summary's link to a message about the whole grid. */}
        <span id={parts.id} tabIndex={-1} />
        {Array.from({ length: count }, (_, index) => {
          const rowPath = `${path}[${index}]`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their place, as their answers are.
            <fieldset className="nhsuk-fieldset dcf-grid__row" key={index}>
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">
                Row {index + 1} <span className="nhsuk-u-visually-hidden">of {label}</span>
              </legend>
              <Children
                list={component.components}
                scope={{ dataPrefix: rowPath, layoutPrefix: rowPath, level: scope.level + 1 }}
              />
              {canChange ? (
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--secondary nhsuk-button--small formio-button-remove-row"
                  onClick={() =>
                    form.setValue(
                      path,
                      padded().filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove{' '}
                  <span className="nhsuk-u-visually-hidden">
                    row {index + 1} of {label}
                  </span>
                </button>
              ) : null}
            </fieldset>
          );
        })}
        {canAdd ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary formio-button-add-row"
            onClick={() => form.setValue(path, [...padded(), {}])}
          >
            {text(component.addAnother) || 'Add another'}{' '}
            <span className="nhsuk-u-visually-hidden">row to {label}</span>
          </button>
        ) : null}
      </fieldset>
    </div>
  );
}
