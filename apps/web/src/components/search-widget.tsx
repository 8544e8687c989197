import { isOwnStaff, messages } from '@dcf/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { searchOrganisations } from '../api/organisations';
import { Checkbox } from './choice-group';
import { type Column, DataTable } from './data-table';
import { Modal } from './modal';
import { Pagination } from './pagination';
import {
  ResultsSummary,
  SearchForm,
  type SearchStatus,
  SelectionFooter,
  useTicks,
} from './search-widget-parts';

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

/**
 * What a search answers: the rows, or one page of them with the number matching in all (then the
 * widget pages through them, `page` from 1).
 */
export type SearchResult<Row> = readonly Row[] | { items: readonly Row[]; total: number; pageSize: number };

export type SearchWidgetProps = CommonProps &
  (
    | {
        kind: 'organisations' | 'manageOrganisations';
        /** Default: GET /Organisation by name or ODS code, 100 a page (see `defaultOrganisationSearch`). */
        search?: (term: string, page: number) => Promise<SearchResult<OrganisationSearchRow>>;
        onSelect: (rows: OrganisationSearchRow[]) => void;
        /**
         * Offers "Select all N matching" when the search matches more than one page: the caller adds
         * them by criteria (decision 0021), so no ids travel and nothing is ticked 3,000 times.
         */
        onSelectAllMatching?: (term: string) => void;
      }
    | {
        kind: 'users';
        search: (term: string, page: number) => Promise<SearchResult<UserSearchRow>>;
        onSelect: (rows: UserSearchRow[]) => void;
        /**
         * The organisation access is given at: its own staff (by ODS code) are listed first under its
         * name, everyone else under 'Staff of other organisations' (product decisions, "Roles").
         */
        ownOrganisation?: { name: string; code: string };
      }
  );

/** A plain text column of the results, keyed by its header. */
function textColumn<Row>(header: string, value: (row: Row) => string): Column<Row> {
  return { key: header, header, cell: value };
}

const organisationColumns: Column<OrganisationSearchRow>[] = [
  textColumn('Name', (row) => row.name),
  textColumn('Code', (row) => row.code),
  textColumn('Region', (row) => row.region?.name ?? ''),
  textColumn('Type', (row) => row.organisationType?.longDescription ?? ''),
];

/** The kind `organisations` lists closed ones too, so it says which are which. */
const allOrganisationColumns: Column<OrganisationSearchRow>[] = [
  ...organisationColumns,
  textColumn('Status', (row) => (row.isOpen === false ? 'Closed' : 'Open')),
];

/**
 * What each organisation kind searches when the caller gives no search function: GET /Organisation by
 * name or ODS code (first 100 matches). `manageOrganisations` picks organisations to assign (a
 * collection's recipients), and a closed organisation cannot be newly assigned, so it lists open ones
 * only; `organisations` finds any organisation, closed ones included.
 */
export function defaultOrganisationSearch(kind: 'organisations' | 'manageOrganisations') {
  return (term: string, page: number) =>
    searchOrganisations(term, { openOnly: kind === 'manageOrganisations', page });
}

const userColumns: Column<UserSearchRow>[] = [
  textColumn('Name', (row) => row.name ?? ''),
  textColumn('Email', (row) => row.email ?? ''),
  textColumn('ODS code', (row) => row.providerCode ?? ''),
];

type Row = OrganisationSearchRow | UserSearchRow;

const keyOf = (row: Row) => String(row.id);

/**
 * The search's results: the page shown, for which term (the box may have been edited since), the total,
 * and what the search is doing. Only the latest search's answer is shown.
 */
function useSearchPages(props: SearchWidgetProps) {
  const [searched, setSearched] = useState({ term: '', page: 1 });
  const [rows, setRows] = useState<readonly Row[]>([]);
  const [total, setTotal] = useState({ count: 0, pageSize: 0 });
  const [status, setStatus] = useState<SearchStatus>({ state: 'idle' });
  const searchCount = useRef(0);

  function clear() {
    setSearched({ term: '', page: 1 });
    setRows([]);
    setTotal({ count: 0, pageSize: 0 });
    setStatus({ state: 'idle' });
  }

  async function load(searchTerm: string, page: number) {
    const count = ++searchCount.current;
    setStatus({ state: 'searching' });
    try {
      const found: SearchResult<Row> =
        props.kind === 'users'
          ? await props.search(searchTerm, page)
          : await (props.search ?? defaultOrganisationSearch(props.kind))(searchTerm, page);
      if (count !== searchCount.current) return;
      const items = 'items' in found ? found.items : found;
      setRows(items);
      setTotal(
        'items' in found
          ? { count: found.total, pageSize: found.pageSize }
          : { count: items.length, pageSize: 0 },
      );
      setSearched({ term: searchTerm, page });
      setStatus({ state: 'done' });
    } catch (error) {
      if (count !== searchCount.current) return;
      setRows([]);
      setStatus({ state: 'failed', message: errorMessage(error) });
    }
  }

  return { searched, rows, total, status, load, clear };
}

/**
 * The search modal of the specification (section 2): search, tick rows in the results table, then
 * Select (disabled until a row is ticked) or Cancel. Kinds: organisations, manageOrganisations, users.
 * The caller supplies the search function, so the widget works with any endpoint. Ticks are kept
 * across searches and pages (the count says how many), a page can be ticked at once, a search that
 * reports its total says "Showing 1 to 100 of 3,162" and pages, and where the caller can add by
 * criteria, "Select all N matching" hands it the search (decision 0025).
 */
export function SearchWidget(props: SearchWidgetProps) {
  const { open, title = messages.searchTitle, onCancel, multiple = true } = props;
  const inputId = useId();
  const resultsId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const { searched, rows, total, status, load, clear } = useSearchPages(props);
  const { ticked, setTicked, toggle, toggleAll } = useTicks<Row>(multiple, keyOf);

  const isUsers = props.kind === 'users';
  const columns = (
    isUsers ? userColumns : props.kind === 'organisations' ? allOrganisationColumns : organisationColumns
  ) as Column<Row>[];
  const labelOf = (row: Row) =>
    'code' in row ? `${row.name} (${row.code})` : (row.name ?? row.email ?? String(row.id));

  function reset() {
    setTerm('');
    clear();
    setTicked(new Map());
  }

  function runSearch(event: FormEvent) {
    event.preventDefault();
    void load(term.trim(), 1);
  }

  function select() {
    const chosen = [...ticked.values()];
    if (chosen.length === 0) return;
    if (props.kind === 'users') props.onSelect(chosen as UserSearchRow[]);
    else props.onSelect(chosen as OrganisationSearchRow[]);
    reset();
  }

  function selectAllMatching() {
    if (props.kind === 'users' || !props.onSelectAllMatching) return;
    const matching = searched.term;
    reset();
    props.onSelectAllMatching(matching);
  }

  function cancel() {
    reset();
    onCancel();
  }

  const pages = total.pageSize > 0 ? Math.max(1, Math.ceil(total.count / total.pageSize)) : 1;
  const first = total.pageSize > 0 ? (searched.page - 1) * total.pageSize + 1 : 1;
  const canSelectAllMatching =
    props.kind !== 'users' && props.onSelectAllMatching !== undefined && multiple && pages > 1;
  const groups = groupsOf(props, rows);

  const searchLabel = isUsers ? 'Search by name or email address' : 'Search by organisation name or ODS code';

  return (
    <Modal
      open={open}
      title={title}
      onClose={cancel}
      initialFocusRef={inputRef}
      wide
      footer={
        <SelectionFooter
          count={ticked.size}
          multiple={multiple}
          onClear={() => setTicked(new Map())}
          onSelect={select}
          onCancel={cancel}
        />
      }
    >
      <SearchForm
        inputId={inputId}
        inputRef={inputRef}
        label={searchLabel}
        term={term}
        onTerm={setTerm}
        onSearch={runSearch}
      />

      <div id={resultsId} className="dcf-search-widget__results" aria-live="polite">
        <ResultsSummary status={status} shown={rows.length} first={first} total={total.count} />
        {status.state === 'done' && canSelectAllMatching ? (
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={selectAllMatching}>
            Select all {total.count.toLocaleString('en-GB')} matching
          </button>
        ) : null}
        {status.state === 'done'
          ? groups.map((group) => (
              <ResultsTable
                key={group.caption}
                caption={group.caption}
                heading={group.heading}
                rows={group.rows}
                columns={columns}
                multiple={multiple}
                idPrefix={`${resultsId}-${group.id}`}
                isTicked={(row) => ticked.has(keyOf(row))}
                labelOf={labelOf}
                onToggle={toggle}
                onToggleAll={() => toggleAll(group.rows)}
              />
            ))
          : null}
        {status.state === 'done' ? (
          <Pagination
            page={searched.page}
            pages={pages}
            onChange={(page) => void load(searched.term, page)}
          />
        ) : null}
      </div>
    </Modal>
  );
}

interface Group {
  id: string;
  /** The table's name for screen readers. */
  caption: string;
  /** A visible heading over the table, when the results are grouped. */
  heading?: string;
  rows: readonly Row[];
}

/** The results as one table, or a user search at an organisation as its own staff, then everyone else's. */
function groupsOf(props: SearchWidgetProps, rows: readonly Row[]): Group[] {
  if (rows.length === 0) return [];
  const own = props.kind === 'users' ? props.ownOrganisation : undefined;
  if (!own) return [{ id: 'all', caption: 'Search results', rows }];
  const isOwn = (row: Row) => 'providerCode' in row && isOwnStaff(row.providerCode, own.code);
  const groups: Group[] = [
    { id: 'own', caption: `Staff of ${own.name}`, rows: rows.filter(isOwn) },
    { id: 'other', caption: 'Staff of other organisations', rows: rows.filter((row) => !isOwn(row)) },
  ];
  return groups.filter((g) => g.rows.length > 0).map((g) => ({ ...g, heading: g.caption }));
}

function ResultsTable({
  caption,
  heading,
  rows,
  columns,
  multiple,
  idPrefix,
  isTicked,
  labelOf,
  onToggle,
  onToggleAll,
}: {
  caption: string;
  heading?: string | undefined;
  rows: readonly Row[];
  columns: Column<Row>[];
  multiple: boolean;
  idPrefix: string;
  isTicked: (row: Row) => boolean;
  labelOf: (row: Row) => string;
  onToggle: (row: Row) => void;
  onToggleAll: () => void;
}) {
  const tickColumn: Column<Row> = {
    key: 'select',
    header: multiple ? (
      <Checkbox
        id={`${idPrefix}-all`}
        inCell
        labelHidden
        label={heading ? `Select every row of ${caption}` : 'Select every row on this page'}
        checked={rows.every(isTicked)}
        onChange={onToggleAll}
      />
    ) : (
      <span className="nhsuk-u-visually-hidden">Select</span>
    ),
    cell: (row) => (
      <Checkbox
        id={`${idPrefix}-${keyOf(row)}`}
        inCell
        labelHidden
        label={`Select ${labelOf(row)}`}
        checked={isTicked(row)}
        onChange={() => onToggle(row)}
      />
    ),
  };
  return (
    <>
      {heading ? <h3 className="nhsuk-heading-s nhsuk-u-margin-bottom-2">{heading}</h3> : null}
      <DataTable caption={caption} columns={[tickColumn, ...columns]} rows={rows} rowKey={keyOf} />
    </>
  );
}
