import { Children, type FormEvent, type ReactNode } from 'react';
import { TextField } from './text-field';

export interface FilterFormProps {
  /** The form's accessible name, for example 'Filter returns' (e2e specs find the form by it). */
  label: string;
  /** Runs on Search; the page turns its draft values into list parameters. */
  onSearch: () => void;
  search: {
    id: string;
    label: string;
    value: string;
    onChange: (value: string) => void;
  };
  /**
   * Where the search box stands: on its own line above the filters (the default), or in the filters' row,
   * two thirds wide, when there is only one filter beside it.
   */
  searchInRow?: boolean;
  /** The filters (usually Selects), each given a third of the row. */
  children: ReactNode;
}

/**
 * A list's search box and filters with one Search button. The values are drafts until Search, so a
 * list that is paged and sorted by the server is asked once per search, not once per keystroke.
 */
export function FilterForm({ label, onSearch, search, searchInRow = false, children }: FilterFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const searchBox = <TextField {...search} type="search" width={searchInRow ? undefined : 'two-thirds'} />;
  // A filter shown only to some people is passed as null or false: it takes no column.
  const filters = Children.map(children, (filter) =>
    filter === null || filter === undefined || typeof filter === 'boolean' ? null : (
      <div className="nhsuk-grid-column-one-third">{filter}</div>
    ),
  );
  return (
    <form onSubmit={submit} aria-label={label}>
      {searchInRow ? null : searchBox}
      <div className="nhsuk-grid-row">
        {searchInRow ? <div className="nhsuk-grid-column-two-thirds">{searchBox}</div> : null}
        {filters}
      </div>
      <button className="nhsuk-button nhsuk-button--secondary" type="submit">
        Search
      </button>
    </form>
  );
}
