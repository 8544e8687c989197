import type { ReactNode } from 'react';

export interface WarningCalloutProps {
  /** The callout's heading, read after 'Important: '. */
  title: string;
  /** The heading's level where it stands in the page's outline. */
  level?: 2 | 3;
  children: ReactNode;
}

/** NHS.UK warning callout: something the reader must know before going on. */
export function WarningCallout({ title, level = 2, children }: WarningCalloutProps) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="nhsuk-warning-callout">
      <Heading className="nhsuk-warning-callout__label">
        <span>
          <span className="nhsuk-u-visually-hidden">Important: </span>
          {title}
        </span>
      </Heading>
      {children}
    </div>
  );
}
