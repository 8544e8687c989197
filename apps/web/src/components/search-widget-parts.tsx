import { messages } from '@dcf/domain';
import { type FormEvent, type RefObject, useState } from 'react';
import { Spinner } from './spinner';

export type SearchStatus =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done' }
  | { state: 'failed'; message: string };

/**
 * The ticked rows by key, kept across searches and pages until Select or Cancel (in the order ticked).
 * With `multiple` false a tick replaces the one before.
 */
export function useTicks<Row>(multiple: boolean, keyOf: (row: Row) => string) {
  const [ticked, setTicked] = useState<ReadonlyMap<string, Row>>(new Map());

  function toggle(row: Row) {
    const key = keyOf(row);
    setTicked((current) => {
      const next = new Map(multiple ? current : []);
      if (current.has(key)) next.delete(key);
      else next.set(key, row);
      return next;
    });
  }

  /** Ticks every row of a table, or unticks them all when all are ticked already. */
  function toggleAll(list: readonly Row[]) {
    setTicked((current) => {
      const next = new Map(current);
      const all = list.every((row) => current.has(keyOf(row)));
      for (const row of list) {
        if (all) next.delete(keyOf(row));
        else next.set(keyOf(row), row);
      }
      return next;
    });
  }

  return { ticked, setTicked, toggle, toggleAll };
}

/** The search box and its button. */
export function SearchForm({
  inputId,
  inputRef,
  label,
  term,
  onTerm,
  onSearch,
}: {
  inputId: string;
  /** Focused when the modal opens. */
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  term: string;
  onTerm: (term: string) => void;
  onSearch: (event: FormEvent) => void;
}) {
  return (
    <search>
      <form className="dcf-search-widget__form" onSubmit={onSearch} noValidate>
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor={inputId}>
            {label}
          </label>
          <div className="dcf-search-widget__row">
            <input
              ref={inputRef}
              id={inputId}
              className="nhsuk-input"
              type="search"
              autoComplete="off"
              value={term}
              onChange={(event) => onTerm(event.target.value)}
            />
            <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small">
              Search
            </button>
          </div>
        </div>
      </form>
    </search>
  );
}

/** What the search is doing, or what it found: searching, its failure, none, or which rows of how many. */
export function ResultsSummary({
  status,
  shown,
  first,
  total,
}: {
  status: SearchStatus;
  /** The rows on this page. */
  shown: number;
  /** The number of this page's first row. */
  first: number;
  /** Every row that matches. */
  total: number;
}) {
  return (
    <>
      {status.state === 'searching' ? <Spinner label="Searching" /> : null}
      {status.state === 'failed' ? (
        <p className="nhsuk-error-message">
          <span className="nhsuk-u-visually-hidden">Error: </span>
          {status.message}
        </p>
      ) : null}
      {status.state === 'done' && shown === 0 ? <p className="nhsuk-body">{messages.noResults}</p> : null}
      {status.state === 'done' && shown > 0 ? (
        <p className="nhsuk-body" data-testid="search-showing">
          {total > shown
            ? `Showing ${first.toLocaleString('en-GB')} to ${(first + shown - 1).toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`
            : `${shown.toLocaleString('en-GB')} found`}
        </p>
      ) : null}
    </>
  );
}

/** The modal's footer: how many are ticked (and a way to clear them), Select and Cancel. */
export function SelectionFooter({
  count,
  multiple,
  onClear,
  onSelect,
  onCancel,
}: {
  count: number;
  multiple: boolean;
  onClear: () => void;
  onSelect: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <p className="nhsuk-body nhsuk-u-margin-bottom-2" aria-live="polite" data-testid="ticked-count">
        {count === 0
          ? 'None selected'
          : `${count.toLocaleString('en-GB')} selected${multiple ? ' (kept across searches and pages)' : ''}`}
        {count > 0 ? (
          <>
            {' '}
            <button type="button" className="dcf-link-button" onClick={onClear}>
              Clear selection
            </button>
          </>
        ) : null}
      </p>
      <button type="button" className="nhsuk-button" disabled={count === 0} onClick={onSelect}>
        Select
      </button>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}
