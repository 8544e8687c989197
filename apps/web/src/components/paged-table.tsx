import type { ReactNode } from 'react';
import { PageSizeSelect } from './page-size-select';
import { Pagination } from './pagination';
import { TableScroll } from './table-scroll';

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

export interface PagedTableProps extends Omit<ListPagingProps, 'total'> {
  /** This page of the list: its rows (none means the list is empty) and the count of all rows. */
  list: { total: number; items: readonly unknown[] };
  /** Said to screen readers only; the page's heading already says it to sighted people. */
  caption: ReactNode;
  count: Omit<ResultCountProps, 'total'>;
  /** The header cells (SortableHeader or plain `th`). */
  head: ReactNode;
  /** When set, shown instead of the table while the page has no rows. */
  emptyMessage?: string;
  children: ReactNode;
}

/**
 * A server-paged list as one NHS.UK table: the count of all rows, the table at the page's height
 * (scrolling sideways only when wider than the screen) or the empty message, then paging and rows per
 * page. The page keeps its state in the URL (useListParams).
 */
export function PagedTable({
  caption,
  count,
  head,
  emptyMessage,
  list,
  children,
  ...paging
}: PagedTableProps) {
  return (
    <>
      <ResultCount total={list.total} {...count} />
      {list.items.length === 0 && emptyMessage !== undefined ? (
        <p className="nhsuk-body">{emptyMessage}</p>
      ) : (
        <TableScroll label={typeof caption === 'string' ? caption : count.many}>
          <table className="nhsuk-table">
            <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">{caption}</caption>
            <thead className="nhsuk-table__head">
              <tr className="nhsuk-table__row">{head}</tr>
            </thead>
            <tbody className="nhsuk-table__body">{children}</tbody>
          </table>
        </TableScroll>
      )}
      <ListPaging total={list.total} {...paging} />
    </>
  );
}
