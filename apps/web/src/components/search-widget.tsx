import { messages } from '@dcf/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { searchOrganisations } from '../api/organisations';
import { Modal } from './modal';
import { Spinner } from './spinner';

/** An organisation row as the search tables read it (specification, section 3). */
export interface OrganisationSearchRow {
  id: number;
  name: string;
  code: string;
  region?: { name: string } | null;
  organisationType?: { longDescription: string } | null;
  isOpen?: boolean;
}

/** A user row of the search (specification, section 3: Search user row). */
export interface UserSearchRow {
  id: number | string;
  name: string | null;
  email: string | null;
  providerCode: string | null;
  idpId?: string | null;
}

export type SearchKind = 'manageOrganisations' | 'organisations' | 'users';

interface CommonProps {
  open: boolean;
  /** Defaults to 'Searching across all organisations'. */
  title?: string;
  onCancel: () => void;
  /** Allow ticking more than one row. Default true. */
  multiple?: boolean;
}

export type SearchWidgetProps = CommonProps &
  (
    | {
        kind: 'organisations' | 'manageOrganisations';
        /** Default: GET /Organisation by name or ODS code (see `defaultOrganisationSearch`). */
        search?: (term: string) => Promise<readonly OrganisationSearchRow[]>;
        onSelect: (rows: OrganisationSearchRow[]) => void;
      }
    | {
        kind: 'users';
        search: (term: string) => Promise<readonly UserSearchRow[]>;
        onSelect: (rows: UserSearchRow[]) => void;
      }
  );

interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

const organisationColumns: Column<OrganisationSearchRow>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Code', value: (row) => row.code },
  { header: 'Region', value: (row) => row.region?.name ?? '' },
  { header: 'Type', value: (row) => row.organisationType?.longDescription ?? '' },
];

/** The kind `organisations` lists closed ones too, so it says which are which. */
const allOrganisationColumns: Column<OrganisationSearchRow>[] = [
  ...organisationColumns,
  { header: 'Status', value: (row) => (row.isOpen === false ? 'Closed' : 'Open') },
];

/**
 * What each organisation kind searches when the caller gives no search function: GET /Organisation by
 * name or ODS code (first 100 matches). `manageOrganisations` picks organisations to assign (a
 * collection's recipients), and a closed organisation cannot be newly assigned, so it lists open ones
 * only; `organisations` finds any organisation, closed ones included.
 */
export function defaultOrganisationSearch(kind: 'organisations' | 'manageOrganisations') {
  return (term: string) => searchOrganisations(term, { openOnly: kind === 'manageOrganisations' });
}

const userColumns: Column<UserSearchRow>[] = [
  { header: 'Name', value: (row) => row.name ?? '' },
  { header: 'Email', value: (row) => row.email ?? '' },
  { header: 'ODS code', value: (row) => row.providerCode ?? '' },
];

type Status =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done' }
  | { state: 'failed'; message: string };

/**
 * The search modal of the specification (section 2): search, tick rows in the results table, then
 * Select (disabled until a row is ticked) or Cancel. Kinds: organisations, manageOrganisations, users.
 * The caller supplies the search function, so the widget works with any endpoint.
 */
export function SearchWidget(props: SearchWidgetProps) {
  const { open, title = messages.searchTitle, onCancel, multiple = true } = props;
  const inputId = useId();
  const resultsId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [rows, setRows] = useState<readonly (OrganisationSearchRow | UserSearchRow)[]>([]);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const searchCount = useRef(0);

  const isUsers = props.kind === 'users';
  const columns = (
    isUsers ? userColumns : props.kind === 'organisations' ? allOrganisationColumns : organisationColumns
  ) as Column<OrganisationSearchRow | UserSearchRow>[];
  const keyOf = (row: OrganisationSearchRow | UserSearchRow) => String(row.id);
  const labelOf = (row: OrganisationSearchRow | UserSearchRow) =>
    'code' in row ? `${row.name} (${row.code})` : (row.name ?? row.email ?? String(row.id));

  function reset() {
    setTerm('');
    setRows([]);
    setTicked(new Set());
    setStatus({ state: 'idle' });
  }

  async function runSearch(event: FormEvent) {
    event.preventDefault();
    const count = ++searchCount.current;
    setStatus({ state: 'searching' });
    setTicked(new Set());
    try {
      const found =
        props.kind === 'users'
          ? await props.search(term.trim())
          : await (props.search ?? defaultOrganisationSearch(props.kind))(term.trim());
      if (count !== searchCount.current) return;
      setRows(found);
      setStatus({ state: 'done' });
    } catch (error) {
      if (count !== searchCount.current) return;
      setRows([]);
      setStatus({ state: 'failed', message: errorMessage(error) });
    }
  }

  function toggle(key: string) {
    setTicked((current) => {
      const next = new Set(multiple ? current : []);
      if (current.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function select() {
    const chosen = rows.filter((row) => ticked.has(keyOf(row)));
    if (chosen.length === 0) return;
    if (props.kind === 'users') props.onSelect(chosen as UserSearchRow[]);
    else props.onSelect(chosen as OrganisationSearchRow[]);
    reset();
  }

  function cancel() {
    reset();
    onCancel();
  }

  const searchLabel = isUsers ? 'Search by name or email address' : 'Search by organisation name or ODS code';

  return (
    <Modal
      open={open}
      title={title}
      onClose={cancel}
      initialFocusRef={inputRef}
      wide
      footer={
        <>
          <button type="button" className="nhsuk-button" disabled={ticked.size === 0} onClick={select}>
            Select
          </button>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={cancel}>
            Cancel
          </button>
        </>
      }
    >
      <search>
        <form className="dcf-search-widget__form" onSubmit={runSearch} noValidate>
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor={inputId}>
              {searchLabel}
            </label>
            <div className="dcf-search-widget__row">
              <input
                ref={inputRef}
                id={inputId}
                className="nhsuk-input"
                type="search"
                autoComplete="off"
                value={term}
                onChange={(event) => setTerm(event.target.value)}
              />
              <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small">
                Search
              </button>
            </div>
          </div>
        </form>
      </search>

      <div id={resultsId} className="dcf-search-widget__results" aria-live="polite">
        {status.state === 'searching' ? <Spinner label="Searching" /> : null}
        {status.state === 'failed' ? (
          <p className="nhsuk-error-message">
            <span className="nhsuk-u-visually-hidden">Error: </span>
            {status.message}
          </p>
        ) : null}
        {status.state === 'done' && rows.length === 0 ? (
          <p className="nhsuk-body">{messages.noResults}</p>
        ) : null}
        {status.state === 'done' && rows.length > 0 ? (
          <div className="dcf-table-scroll">
            <table className="nhsuk-table">
              <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Search results</caption>
              <thead className="nhsuk-table__head">
                <tr className="nhsuk-table__row">
                  <th scope="col" className="nhsuk-table__header">
                    <span className="nhsuk-u-visually-hidden">Select</span>
                  </th>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className="nhsuk-table__header">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="nhsuk-table__body">
                {rows.map((row) => {
                  const key = keyOf(row);
                  const checkboxId = `${resultsId}-${key}`;
                  return (
                    <tr key={key} className="nhsuk-table__row">
                      <td className="nhsuk-table__cell">
                        <div className="nhsuk-checkboxes nhsuk-checkboxes--small">
                          <div className="nhsuk-checkboxes__item">
                            <input
                              id={checkboxId}
                              className="nhsuk-checkboxes__input"
                              type="checkbox"
                              checked={ticked.has(key)}
                              onChange={() => toggle(key)}
                            />
                            <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={checkboxId}>
                              <span className="nhsuk-u-visually-hidden">Select {labelOf(row)}</span>
                            </label>
                          </div>
                        </div>
                      </td>
                      {columns.map((column) => (
                        <td key={column.header} className="nhsuk-table__cell">
                          {column.value(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
