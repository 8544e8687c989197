import { useId } from 'react';

export interface PageSizeSelectProps {
  value: number;
  onChange: (pageSize: number) => void;
  /** Sizes offered; the API's limit is 100 on most lists. */
  sizes?: readonly number[];
}

/** "Rows per page" for server-paged lists. */
export function PageSizeSelect({ value, onChange, sizes = [25, 50, 100] }: PageSizeSelectProps) {
  const id = useId();
  return (
    <div className="nhsuk-form-group">
      <label className="nhsuk-label" htmlFor={id}>
        Rows per page
      </label>
      <select
        id={id}
        className="nhsuk-select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
