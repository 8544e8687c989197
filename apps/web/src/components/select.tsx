import { messages } from '@dcf/domain';
import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { describedByOf, FormGroup } from './form-group';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** '' is the blank first choice. */
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** Shown above the control in NHS.UK error style. */
  error?: string;
}

/** An NHS.UK select whose first choice is a blank 'Select an option' (specification, section 2). */
export function Select({
  label,
  options,
  value,
  onChange,
  hint,
  error,
  required,
  id,
  className,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FormGroup fieldId={selectId} label={label} hint={hint} error={error} required={required}>
      <select
        {...rest}
        id={selectId}
        className={`nhsuk-select${error ? ' nhsuk-select--error' : ''}${className ? ` ${className}` : ''}`}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(selectId, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{messages.selectAnOption}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FormGroup>
  );
}
