import type { FormComponent } from '@dcf/forms/components';
import type { ReactNode, Ref } from 'react';
import { type ComponentProps, type FormContextValue, text, useForm } from './context';
import { fieldId, inputName } from './paths';
import { Html } from './sanitize';

/** The words a question is shown with: its label (a `hideLabel` one is still read by screen readers). */
export const labelText = (c: FormComponent) => text(c.label) || text(c.title) || text(c.key);

const required = (c: FormComponent) => (c.validate as { required?: boolean } | undefined)?.required === true;

/** The required mark, as on the app's own forms: a star seen, '(required)' heard. */
export function RequiredMark({ component }: { component: FormComponent }) {
  if (!required(component)) return null;
  return (
    <>
      {' '}
      <span className="dcf-required" aria-hidden="true">
        *
      </span>{' '}
      <span className="nhsuk-u-visually-hidden">(required)</span>
    </>
  );
}

export interface FieldParts {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** `aria-describedby` for the input(s): hint then error. */
  describedBy: string | undefined;
  errors: readonly string[] | undefined;
  invalid: boolean;
}

/** Ids, messages and described-by of a question at `path`. */
export function useFieldParts(component: FormComponent, path: string): FieldParts {
  const form = useForm();
  const id = fieldId(path);
  const hasHint = Boolean(text(component.description) || text(component.tooltip));
  const errors = form.errorsAt(path);
  const invalid = Boolean(errors && errors.length > 0);
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = invalid ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy, errors, invalid };
}

/**
 * What a question's input takes from it: its id and name, disabled when the form or the question is,
 * described by its hint and error, and its draft check shown once it is left.
 */
export function inputProps({ component, path }: ComponentProps, parts: FieldParts, form: FormContextValue) {
  return {
    id: parts.id,
    name: inputName(path),
    disabled: form.readOnly || component.disabled === true,
    'aria-describedby': parts.describedBy,
    'aria-invalid': parts.invalid || undefined,
    onBlur: () => form.touch(path),
  };
}

export function Hint({ component, id }: { component: FormComponent; id: string | undefined }) {
  if (!id) return null;
  const html = [text(component.description), text(component.tooltip)].filter(Boolean).join(' ');
  return <Html className="nhsuk-hint" id={id} html={html} />;
}

export function ErrorMessage({
  id,
  errors,
}: {
  id: string | undefined;
  errors: readonly string[] | undefined;
}) {
  if (!id || !errors?.length) return null;
  return (
    <span className="nhsuk-error-message" id={id}>
      <span className="nhsuk-u-visually-hidden">Error:</span> {errors.join(' ')}
    </span>
  );
}

const groupClass = (c: FormComponent, invalid: boolean, extra = '') =>
  `nhsuk-form-group formio-component-${text(c.key)}${invalid ? ' nhsuk-form-group--error' : ''}${extra ? ` ${extra}` : ''}`;

/** A question with one input: label, hint, error, then the input. */
export function Field({
  component,
  parts,
  children,
}: {
  component: FormComponent;
  parts: FieldParts;
  children: ReactNode;
}) {
  return (
    <div className={groupClass(component, parts.invalid)}>
      <label
        className={`nhsuk-label${component.hideLabel === true ? ' nhsuk-u-visually-hidden' : ''}`}
        htmlFor={parts.id}
      >
        {labelText(component)}
        <RequiredMark component={component} />
      </label>
      <Hint component={component} id={parts.hintId} />
      <ErrorMessage id={parts.errorId} errors={parts.errors} />
      {children}
    </div>
  );
}

/**
 * A question with several inputs (choices, date parts) or a list of answers (an edit grid, a multi-value
 * question): a fieldset whose legend is the question.
 */
export function FieldsetField({
  component,
  parts,
  children,
  legendClass = 'nhsuk-fieldset__legend--s',
  groupClassName,
  ref,
}: {
  component: FormComponent;
  parts: FieldParts;
  children: ReactNode;
  legendClass?: string;
  /** More classes for the form group (the pattern's own: `dcf-editgrid`, `dcf-add-another`). */
  groupClassName?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} className={groupClass(component, parts.invalid, groupClassName)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={parts.describedBy}>
        <legend
          className={`nhsuk-fieldset__legend ${legendClass}${component.hideLabel === true ? ' nhsuk-u-visually-hidden' : ''}`}
        >
          {labelText(component)}
          <RequiredMark component={component} />
        </legend>
        <Hint component={component} id={parts.hintId} />
        <ErrorMessage id={parts.errorId} errors={parts.errors} />
        {children}
      </fieldset>
    </div>
  );
}
