import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

export interface FullPageMessageProps {
  title: string;
  /** Paragraphs, links or a sign-in form under the title. */
  children?: ReactNode;
}

/** A whole page that says one thing: an error, a result, a signed-out state. */
export function FullPageMessage({ title, children }: FullPageMessageProps) {
  usePageTitle(title);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1 className="nhsuk-heading-l">{title}</h1>
        {typeof children === 'string' ? <p className="nhsuk-body">{children}</p> : children}
      </div>
    </div>
  );
}
