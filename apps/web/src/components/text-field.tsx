import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { describedByOf, FormGroup } from './form-group';

/** NHS.UK fixed input widths, in characters (`nhsuk-input--width-N`). */
export type InputWidth = 2 | 3 | 4 | 5 | 10 | 20 | 30;

interface FieldProps {
  /** The control's id; a generated one when absent (error summary links need a stable one). */
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** Shown above the control in NHS.UK error style, and named by its `aria-describedby`. */
  error?: string | undefined;
  /** Asterisk on the label and `required` on the control. */
  required?: boolean | undefined;
  /** " (optional)" after the label. */
  optional?: boolean | undefined;
}

export interface TextFieldProps
  extends FieldProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps | 'type' | 'width' | 'className'> {
  type?: 'text' | 'number' | 'date' | 'email' | 'time';
  width?: InputWidth | undefined;
}

/** One NHS.UK text, number, date or email input with its label, hint and inline error. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  required,
  optional,
  type = 'text',
  width,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FormGroup
      fieldId={inputId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      optional={optional}
    >
      <input
        {...rest}
        id={inputId}
        className={`nhsuk-input${width ? ` nhsuk-input--width-${width}` : ''}${error ? ' nhsuk-input--error' : ''}`}
        type={type}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(inputId, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormGroup>
  );
}

export interface TextAreaFieldProps
  extends FieldProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldProps | 'className'> {}

/** A multi-line NHS.UK textarea with its label, hint and inline error (four rows unless told). */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  required,
  optional,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FormGroup
      fieldId={inputId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      optional={optional}
    >
      <textarea
        {...rest}
        id={inputId}
        className={`nhsuk-textarea${error ? ' nhsuk-textarea--error' : ''}`}
        rows={rows}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(inputId, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormGroup>
  );
}
