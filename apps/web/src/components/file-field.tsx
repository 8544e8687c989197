import type { ChangeEvent, ReactNode } from 'react';
import { describedByOf, FormGroup, hasError } from './form-group';

export interface FileFieldProps {
  /** The input's id: the label points at it; the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** Extra label classes, e.g. 'nhsuk-label--s'. */
  labelClassName?: string;
  hint?: ReactNode;
  /** One message, or several (an upload refused for many reasons). */
  error?: string | readonly string[] | null | undefined;
  /** The file types offered, as the input's `accept`. */
  accept: string;
  disabled?: boolean | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What stands under the input in the same group: the upload's progress or outcome. */
  children?: ReactNode;
}

/**
 * An NHS.UK file upload field: the shared FormGroup (label, hint, error) around a file input named by
 * its hint and error, then what `children` tells of the upload. Every upload shows its errors this way.
 */
export function FileField({
  id,
  label,
  labelClassName,
  hint,
  error,
  accept,
  disabled,
  onChange,
  children,
}: FileFieldProps) {
  const invalid = hasError(error);
  return (
    <FormGroup
      fieldId={id}
      label={label}
      labelClassName={labelClassName}
      hint={hint}
      error={error ?? undefined}
    >
      <input
        id={id}
        className={`nhsuk-file-upload${invalid ? ' nhsuk-file-upload--error' : ''}`}
        type="file"
        accept={accept}
        aria-describedby={describedByOf(id, hint, invalid)}
        aria-invalid={invalid ? true : undefined}
        disabled={disabled}
        onChange={onChange}
      />
      {children}
    </FormGroup>
  );
}
