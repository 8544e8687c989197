import type { ReactNode } from 'react';
import { RequiredLabel } from './required-label';

/**
 * The NHS.UK inline error under a field's label. Its id is `${fieldId}-error`, the id the field names in
 * `aria-describedby`, so a screen reader reads "Error: ..." with the field. Several messages (an upload
 * refused for many reasons) are a list, one message a line, never run together (decision 0037).
 */
export function ErrorMessage({
  fieldId,
  error,
}: {
  fieldId: string;
  error?: string | readonly string[] | null | undefined;
}) {
  const errors = [...new Set(typeof error === 'string' ? [error] : (error ?? []))].filter(Boolean);
  if (errors.length === 0) return null;
  if (errors.length === 1)
    return (
      <span className="nhsuk-error-message" id={`${fieldId}-error`}>
        <span className="nhsuk-u-visually-hidden">Error:</span> {errors[0]}
      </span>
    );
  return (
    <div className="nhsuk-error-message" id={`${fieldId}-error`}>
      <span className="nhsuk-u-visually-hidden">Errors:</span>
      <ul className="nhsuk-list nhsuk-list--bullet dcf-error-list">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Whether a field has an error to show: a message, or a list of at least one. */
export const hasError = (error: string | readonly string[] | null | undefined) =>
  typeof error === 'string' ? error !== '' : (error?.length ?? 0) > 0;

/** The ids a field's `aria-describedby` lists: its hint, then its error; undefined when it has neither. */
export function describedByOf(fieldId: string, hint: unknown, error: unknown): string | undefined {
  return (
    [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ') || undefined
  );
}

export interface FormGroupProps {
  /** The control's id: the label points at it; the hint and error ids derive from it. */
  fieldId: string;
  label: ReactNode;
  hint?: ReactNode;
  /** One message, or several (an upload refused for many reasons). */
  error?: string | readonly string[] | undefined;
  /** Extra classes of an optional field's label, e.g. 'nhsuk-label--s'. */
  labelClassName?: string | undefined;
  /** Marks the label with the asterisk of RequiredLabel. */
  required?: boolean | undefined;
  /** Adds " (optional)" to the label, for forms where most fields are required. */
  optional?: boolean | undefined;
  /** The control itself, which should carry `aria-describedby={describedByOf(...)}`. */
  children: ReactNode;
}

/**
 * The frame every NHS.UK text, date and select field shares: form group (red bar on error), label, hint,
 * error message, then the control. One place, so every form shows errors the same way.
 */
export function FormGroup({
  fieldId,
  label,
  hint,
  error,
  labelClassName,
  required,
  optional,
  children,
}: FormGroupProps) {
  return (
    <div className={`nhsuk-form-group${hasError(error) ? ' nhsuk-form-group--error' : ''}`}>
      {required ? (
        <RequiredLabel htmlFor={fieldId}>{label}</RequiredLabel>
      ) : (
        <label className={['nhsuk-label', labelClassName].filter(Boolean).join(' ')} htmlFor={fieldId}>
          {label}
          {optional ? ' (optional)' : null}
        </label>
      )}
      {hint ? (
        <div className="nhsuk-hint" id={`${fieldId}-hint`}>
          {hint}
        </div>
      ) : null}
      <ErrorMessage fieldId={fieldId} error={error} />
      {children}
    </div>
  );
}
