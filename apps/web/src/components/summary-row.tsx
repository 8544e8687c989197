import type { ReactNode } from 'react';

export interface SummaryRowProps {
  /** What the row tells (the `dt`). */
  label: ReactNode;
  /** Its value (the `dd`). */
  children: ReactNode;
  /** A note under the value, in smaller secondary text. */
  hint?: ReactNode;
}

/** One row of an NHS.UK summary list (`<dl className="nhsuk-summary-list">`): a label and its value. */
export function SummaryRow({ label, children, hint }: SummaryRowProps) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">
        {children}
        {hint ? (
          <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">{hint}</span>
        ) : null}
      </dd>
    </div>
  );
}
