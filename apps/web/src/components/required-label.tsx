import type { ReactNode } from 'react';

export interface RequiredLabelProps {
  htmlFor: string;
  children: ReactNode;
  className?: string;
}

/**
 * A form label marked with an asterisk (specification, section 2). The asterisk is hidden from screen
 * readers, which hear "(required)" instead; put `required` on the input too.
 */
export function RequiredLabel({ htmlFor, children, className }: RequiredLabelProps) {
  return (
    <label className={`nhsuk-label${className ? ` ${className}` : ''}`} htmlFor={htmlFor}>
      {children}{' '}
      <span className="dcf-required" aria-hidden="true">
        *
      </span>{' '}
      <span className="nhsuk-u-visually-hidden">(required)</span>
    </label>
  );
}
