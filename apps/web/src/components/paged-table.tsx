import { DataTable, type DataTableProps } from './data-table';
import { PageSizeSelect } from './page-size-select';
import { Pagination } from './pagination';

export interface ResultCountProps {
  total: number;
  /** The noun for one row and for many, for example 'organisation' and 'organisations'. */
  one: string;
  many: string;
}

/** How many rows the search found in all pages ("1 organisation", "1,234 organisations"), announced. */
export function ResultCount({ total, one, many }: ResultCountProps) {
  return (
    <p className="nhsuk-body" aria-live="polite">
      {total === 1 ? `1 ${one}` : `${total.toLocaleString('en-GB')} ${many}`}
    </p>
  );
}

/** A change of page or of page size, in the shape `useListParams`' update takes. */
export type PagingChange = { page: number } | { pageSize: number };

export interface ListPagingProps {
  total: number;
  /** The list's query as it stands; absent values mean page 1 and `defaultPageSize`. */
  query: { page?: number | undefined; pageSize?: number | undefined };
  defaultPageSize: number;
  onChange: (change: PagingChange) => void;
  /** Rows per page offered (PageSizeSelect's default when absent). */
  sizes?: readonly number[];
}

/** Pagination and 'Rows per page' under a list paged by the server. */
export function ListPaging({ total, query, defaultPageSize, onChange, sizes }: ListPagingProps) {
  const pageSize = query.pageSize ?? defaultPageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <Pagination page={query.page ?? 1} pages={pages} onChange={(next) => onChange({ page: next })} />
      <PageSizeSelect
        value={pageSize}
        onChange={(size) => onChange({ pageSize: size })}
        {...(sizes ? { sizes } : {})}
      />
    </>
  );
}

export interface PagedTableProps<Row>
  extends Omit<ListPagingProps, 'total'>,
    Omit<DataTableProps<Row>, 'rows' | 'scrollLabel'> {
  /** This page of the list: its rows (none means the list is empty) and the count of all rows. */
  list: { total: number; items: readonly Row[] };
  count: Omit<ResultCountProps, 'total'>;
}

/**
 * A server-paged list: the count of all rows, the page's rows as a DataTable (or its empty message),
 * then paging and rows per page. The page keeps its state in the URL (useListParams).
 */
export function PagedTable<Row>({
  count,
  list,
  query,
  defaultPageSize,
  onChange,
  sizes,
  ...table
}: PagedTableProps<Row>) {
  return (
    <>
      <ResultCount total={list.total} {...count} />
      <DataTable
        {...table}
        rows={list.items}
        scrollLabel={typeof table.caption === 'string' ? table.caption : count.many}
      />
      <ListPaging
        total={list.total}
        query={query}
        defaultPageSize={defaultPageSize}
        onChange={onChange}
        {...(sizes ? { sizes } : {})}
      />
    </>
  );
}
