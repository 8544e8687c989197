import type { ReactNode } from 'react';

export interface InsetTextProps {
  /** For a control that points at it (`aria-describedby`). */
  id?: string;
  /** For tests and journeys that find it. */
  testId?: string;
  children: ReactNode;
}

/** NHS.UK inset text: information set apart from the page, read out after 'Information: '. */
export function InsetText({ id, testId, children }: InsetTextProps) {
  return (
    <div className="nhsuk-inset-text" id={id} data-testid={testId}>
      <span className="nhsuk-u-visually-hidden">Information: </span>
      {children}
    </div>
  );
}
