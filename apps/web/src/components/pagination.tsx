import { type FormEvent, useId, useState } from 'react';
import { ErrorMessage } from './form-group';

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/**
 * The page numbers to show: the first and last, and two either side of the current one, with `null`
 * where pages are left out (1 … 4 5 6 7 8 … 470), so a list of 470 pages stays one line long.
 */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    // A gap of one page shows that page: "…" must save space, not stand for a single number.
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/**
 * NHS.UK pagination for server-paged lists: First, Previous, page numbers, Next, Last and a "Go to page"
 * box. The current page is marked with aria-current; every control is a button (the list's state lives
 * in the URL, which the caller's onChange updates).
 */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  const inputId = useId();
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  if (pages <= 1) return null;

  function go(event: FormEvent) {
    event.preventDefault();
    const wanted = Number(jump);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > pages) {
      setJumpError(`Enter a page number from 1 to ${pages.toLocaleString('en-GB')}`);
      return;
    }
    setJumpError(null);
    setJump('');
    onChange(wanted);
  }

  const button = (target: number, label: string, hidden?: string) => (
    <button type="button" className="dcf-link-button dcf-pagination__link" onClick={() => onChange(target)}>
      {label}
      {hidden ? ' ' : null}
      {hidden ? <span className="nhsuk-u-visually-hidden">{hidden}</span> : null}
    </button>
  );

  return (
    <nav className="dcf-pagination" aria-label="Pagination">
      <p className="nhsuk-body-s dcf-pagination__status">
        Page {page.toLocaleString('en-GB')} of {pages.toLocaleString('en-GB')}
      </p>
      <ul className="nhsuk-list dcf-pagination__list">
        {page > 1 ? <li>{button(1, 'First', 'page')}</li> : null}
        {page > 1 ? <li>{button(page - 1, 'Previous', 'page')}</li> : null}
        {pageNumbers(page, pages).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="dcf-pagination__current" aria-current="page">
                  <span className="nhsuk-u-visually-hidden">Page </span>
                  {p.toLocaleString('en-GB')}
                </span>
              ) : (
                button(p, p.toLocaleString('en-GB'), undefined)
              )}
            </li>
          ),
        )}
        {page < pages ? <li>{button(page + 1, 'Next', 'page')}</li> : null}
        {page < pages ? <li>{button(pages, 'Last', `page (${pages.toLocaleString('en-GB')})`)}</li> : null}
      </ul>
      <form className="dcf-pagination__jump" onSubmit={go} noValidate>
        <div className={`nhsuk-form-group${jumpError ? ' nhsuk-form-group--error' : ''}`}>
          <label className="nhsuk-label nhsuk-label--s" htmlFor={inputId}>
            Go to page
          </label>
          <ErrorMessage fieldId={inputId} error={jumpError} />
          <input
            id={inputId}
            className="nhsuk-input nhsuk-input--width-5"
            inputMode="numeric"
            value={jump}
            aria-describedby={jumpError ? `${inputId}-error` : undefined}
            onChange={(event) => setJump(event.target.value)}
          />
          <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small">
            Go
          </button>
        </div>
      </form>
    </nav>
  );
}
