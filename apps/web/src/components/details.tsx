import type { DetailsHTMLAttributes, ReactNode } from 'react';

export interface DetailsProps
  extends Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'className' | 'children'> {
  /** The always-shown line that opens and closes it (may hold visually hidden text naming what it is for). */
  summary: ReactNode;
  children: ReactNode;
  /** Extra class names of the `details` element (e.g. 'nhsuk-u-margin-bottom-0' in a table cell). */
  className?: string;
}

/**
 * The NHS.UK details component: a native `details` with its summary and the text it reveals. Other
 * attributes (`open`, `onToggle`) go to the `details` element.
 */
export function Details({ summary, children, className, ...rest }: DetailsProps) {
  return (
    <details className={className ? `nhsuk-details ${className}` : 'nhsuk-details'} {...rest}>
      <summary className="nhsuk-details__summary">
        <span className="nhsuk-details__summary-text">{summary}</span>
      </summary>
      <div className="nhsuk-details__text">{children}</div>
    </details>
  );
}
