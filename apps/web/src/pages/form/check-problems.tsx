import { messages } from '@dcf/domain';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { explanationId } from '../data-quality/use-data-quality';

export const DECLARATION_ID = 'declaration';

const EXPLANATION = 'explanations.';

/** A refused submit's messages as links: to the question to change, or to the explanation to give. */
export function fieldLinksOf(fieldErrors: Record<string, string[]>, changeHref: (path: string) => string) {
  return Object.entries(fieldErrors).flatMap(([key, list]) =>
    list.map((message, i) => ({
      key: `${key}-${i}`,
      href: key.startsWith(EXPLANATION)
        ? `#${explanationId(key.slice(EXPLANATION.length))}`
        : changeHref(key),
      message,
    })),
  );
}

/** The warnings a refused submit asked to explain: only now are their boxes shown in error. */
export function explanationsAskedFor(fieldErrors: Record<string, string[]>): Set<string> {
  return new Set(
    Object.keys(fieldErrors)
      .filter((key) => key.startsWith(EXPLANATION))
      .map((key) => key.slice(EXPLANATION.length)),
  );
}

/**
 * What stopped the submit on check your answers: the problem, the answers to change (links to their
 * question or explanation) and the declaration not ticked, in the NHS.UK error summary.
 */
export function CheckProblems({
  summaryRef,
  problem,
  fieldLinks,
  declarationError,
}: {
  summaryRef: Ref<HTMLDivElement>;
  problem: string | null;
  fieldLinks: { key: string; href: string; message: string }[];
  declarationError: boolean;
}) {
  return (
    <div
      className="nhsuk-error-summary"
      aria-labelledby="check-errors-title"
      role="alert"
      tabIndex={-1}
      ref={summaryRef}
    >
      <h2 className="nhsuk-error-summary__title" id="check-errors-title">
        {messages.errorSummaryHeading}
      </h2>
      <div className="nhsuk-error-summary__body">
        {problem ? <p>{problem}</p> : null}
        <ul className="nhsuk-list nhsuk-error-summary__list">
          {fieldLinks.map((link) => (
            <li key={link.key}>
              <Link to={link.href}>{link.message}</Link>
            </li>
          ))}
          {declarationError ? (
            <li>
              <a
                href={`#${DECLARATION_ID}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(DECLARATION_ID)?.focus();
                }}
              >
                {messages.submissionDeclarationRequired}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
