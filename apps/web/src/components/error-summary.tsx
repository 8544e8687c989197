import { messages } from '@dcf/domain';
import type { Ref } from 'react';

export interface ErrorSummaryItem {
  /** The `#id` of the field the message belongs to, so the link moves focus there. */
  href: string;
  message: string;
}

/**
 * The NHS.UK error summary at the top of a form: 'There is a problem', then one link per field
 * message. Renders nothing without items. The page moves focus to it (through `ref`) after a
 * failed submit, so screen-reader users hear the problems at once.
 */
export function ErrorSummary({
  id,
  items,
  ref,
}: {
  id: string;
  items: ErrorSummaryItem[];
  ref?: Ref<HTMLDivElement>;
}) {
  if (items.length === 0) return null;
  const titleId = `${id}-title`;
  return (
    <div className="nhsuk-error-summary" aria-labelledby={titleId} role="alert" tabIndex={-1} ref={ref}>
      <h2 className="nhsuk-error-summary__title" id={titleId}>
        {messages.errorSummaryHeading}
      </h2>
      <div className="nhsuk-error-summary__body">
        <ul className="nhsuk-list nhsuk-error-summary__list">
          {items.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.message}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
