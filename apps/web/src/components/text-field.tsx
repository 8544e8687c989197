import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { describedByOf, FormGroup } from './form-group';

/**
 * NHS.UK input widths: fixed, in characters (`nhsuk-input--width-N`), or a share of the column
 * (`nhsuk-u-width-one-half`), for a box whose text has no set length, such as a search.
 */
export type InputWidth = 2 | 3 | 4 | 5 | 10 | 20 | 30 | 'one-half' | 'two-thirds';

/** What every field takes: its label, value and change, hint and error, required or optional. */
export interface FieldProps {
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
  type?: 'text' | 'number' | 'date' | 'email' | 'time' | 'search';
  width?: InputWidth | undefined;
}

/** A field's own props apart from the attributes passed on to its control. */
function splitField<P extends FieldProps>({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  required,
  optional,
  ...rest
}: P) {
  return [{ id, label, value, onChange, hint, error, required, optional }, rest] as const;
}

/**
 * The form group around a control, and the props every control shares: its id, value, `required`, and
 * `aria-invalid` and `aria-describedby` from the hint and error, so the input and the textarea cannot
 * drift apart.
 */
function Field<E extends HTMLInputElement | HTMLTextAreaElement>({
  control,
  ...field
}: FieldProps & { control: (props: ControlProps<E>) => ReactNode }) {
  const generatedId = useId();
  const inputId = field.id ?? generatedId;
  const { label, value, onChange, hint, error, required, optional } = field;
  return (
    <FormGroup
      fieldId={inputId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      optional={optional}
    >
      {control({
        id: inputId,
        value,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedByOf(inputId, hint, error),
        onChange: (event) => onChange(event.target.value),
      })}
    </FormGroup>
  );
}

interface ControlProps<E extends HTMLInputElement | HTMLTextAreaElement> {
  id: string;
  value: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: ChangeEvent<E>) => void;
}

/** One NHS.UK text, number, date, email or search input with its label, hint and inline error. */
export function TextField({ type = 'text', width, ...props }: TextFieldProps) {
  const [field, rest] = splitField(props);
  const widthClass =
    width === undefined
      ? ''
      : typeof width === 'number'
        ? ` nhsuk-input--width-${width}`
        : ` nhsuk-u-width-${width}`;
  return (
    <Field<HTMLInputElement>
      {...field}
      control={(control) => (
        <input
          {...rest}
          {...control}
          className={`nhsuk-input${widthClass}${field.error ? ' nhsuk-input--error' : ''}`}
          type={type}
        />
      )}
    />
  );
}

export interface TextAreaFieldProps
  extends FieldProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldProps | 'className'> {}

/** A multi-line NHS.UK textarea with its label, hint and inline error (four rows unless told). */
export function TextAreaField({ rows = 4, ...props }: TextAreaFieldProps) {
  const [field, rest] = splitField(props);
  return (
    <Field<HTMLTextAreaElement>
      {...field}
      control={(control) => (
        <textarea
          {...rest}
          {...control}
          className={`nhsuk-textarea${field.error ? ' nhsuk-textarea--error' : ''}`}
          rows={rows}
        />
      )}
    />
  );
}
