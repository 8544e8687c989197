import { Fragment, type Key, type ReactNode } from 'react';
import { SortableHeader, type SortOrder } from './sortable-header';
import { TableScroll } from './table-scroll';

/** One column of a DataTable: its header and what each row shows in it. */
export interface Column<Row> {
  /** The column's React key; for a sortable column, its sort key as the API names it. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Sorted by the table's `sort` when set (a button in the header, `aria-sort` on the `th`). */
  sortable?: boolean;
  /** Numbers line up on the right (NHS.UK numeric cells). */
  numeric?: boolean;
  /** The row's header cell (`th scope="row"`): what names the row to a screen reader. */
  rowHeader?: boolean;
  /** Shown only when true (a column some people do not see, e.g. actions they may not take). */
  shown?: boolean;
  /** Extra class names of each body cell. */
  className?: string;
}

export interface TableSort<C extends string = string> {
  sortBy: string | undefined;
  sortOrder: SortOrder | undefined;
  onSort: (sortBy: C, sortOrder: SortOrder) => void;
}

/**
 * A server-sorted list's `sort` for a table: `C` is the list's sort keys as the API names them (the
 * keys of its sortable columns), so the page's handler gets its own type back.
 */
export function tableSort<C extends string>(
  sortBy: string | undefined,
  sortOrder: SortOrder | undefined,
  onSort: (sortBy: C, sortOrder: SortOrder) => void,
): TableSort {
  return { sortBy, sortOrder, onSort: (by, order) => onSort(by as C, order) };
}

/**
 * The `sort` of a list whose query holds its sort and changes through `update` (the URL's list state): a
 * header asks for its key and order. `fallback` is what the headers show while the query names none.
 */
export function querySort<C extends string>(
  query: { sortBy?: string | undefined; sortOrder?: SortOrder | undefined },
  update: (change: { sortBy: C; sortOrder: SortOrder }) => void,
  fallback?: { sortBy: C; sortOrder: SortOrder },
): TableSort {
  return tableSort<C>(
    query.sortBy ?? fallback?.sortBy,
    query.sortOrder ?? fallback?.sortOrder,
    (sortBy, sortOrder) => update({ sortBy, sortOrder }),
  );
}

/**
 * The `sort` of a list sorted on one column only (newest or oldest first): the query holds just the
 * order, and a header's choice changes just that.
 */
export function orderSort(
  sortBy: string,
  query: { sortOrder?: SortOrder | undefined },
  update: (change: { sortOrder: SortOrder }) => void,
  fallback: SortOrder = 'DESC',
): TableSort {
  return {
    sortBy,
    sortOrder: query.sortOrder ?? fallback,
    onSort: (_sortBy, sortOrder) => update({ sortOrder }),
  };
}

export interface DataTableProps<Row> {
  /** Names the table; hidden unless `captionClass` says how to show it (e.g. 'nhsuk-table__caption--s'). */
  caption: ReactNode;
  captionClass?: string;
  /** Names the box when a wide table scrolls sideways; the caption when it is text, else 'Table'. */
  scrollLabel?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The buttons or links of one row, in a last column headed 'Actions' for screen readers. */
  rowActions?: (row: Row) => ReactNode;
  sort?: TableSort;
  /** Shown instead of the table when there are no rows (else the table shows with its header only). */
  emptyMessage?: ReactNode;
  /**
   * NHS.UK responsive table: on a narrow screen each cell stacks under its column's name (the name is
   * hidden from screen readers, which read the header). Off, a wide table scrolls sideways.
   */
  responsive?: boolean;
  /** Extra class names of a row (e.g. one highlighted). */
  rowClassName?: (row: Row) => string | undefined;
  /**
   * What a row shows under itself across the whole table (e.g. a history it opens), or nothing. `id`
   * is the detail row's, for the `aria-controls` of the button that opens it.
   */
  rowDetails?: (row: Row) => { id: string; content: ReactNode } | null;
}

const headerText = (header: ReactNode) => (typeof header === 'string' ? header : '');

/**
 * The one way a screen shows a list as an NHS.UK table: a caption, a header row (sortable columns
 * sort through `sort`), a row per item with its actions last, and an empty message in place of an
 * empty table. Paged lists wrap it in PagedTable's count and paging.
 */
export function DataTable<Row>({
  caption,
  captionClass = 'nhsuk-u-visually-hidden',
  scrollLabel,
  columns,
  rows,
  rowKey,
  rowActions,
  sort,
  emptyMessage,
  responsive = false,
  rowClassName,
  rowDetails,
}: DataTableProps<Row>) {
  if (rows.length === 0 && emptyMessage !== undefined) return <p className="nhsuk-body">{emptyMessage}</p>;
  const shown = columns.filter((column) => column.shown !== false);
  const table = (
    <table
      className={responsive ? 'nhsuk-table-responsive' : 'nhsuk-table'}
      {...(responsive ? { role: 'table' } : {})}
    >
      <caption className={['nhsuk-table__caption', captionClass].filter(Boolean).join(' ')}>
        {caption}
      </caption>
      <thead className="nhsuk-table__head" {...(responsive ? { role: 'rowgroup' } : {})}>
        <tr className="nhsuk-table__row" {...(responsive ? { role: 'row' } : {})}>
          {shown.map((column) =>
            column.sortable && sort && typeof column.header === 'string' ? (
              <SortableHeader
                key={column.key}
                column={column.key}
                label={column.header}
                sortBy={sort.sortBy}
                sortOrder={sort.sortOrder}
                onSort={sort.onSort}
              />
            ) : (
              <th
                key={column.key}
                scope="col"
                className={`nhsuk-table__header${column.numeric ? ' nhsuk-table__header--numeric' : ''}`}
                {...(responsive ? { role: 'columnheader' } : {})}
              >
                {column.header}
              </th>
            ),
          )}
          {rowActions ? (
            <th scope="col" className="nhsuk-table__header" {...(responsive ? { role: 'columnheader' } : {})}>
              <span className="nhsuk-u-visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">
        {rows.map((row) => {
          const details = rowDetails?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <BodyRow
                row={row}
                columns={shown}
                rowActions={rowActions}
                responsive={responsive}
                className={rowClassName?.(row)}
              />
              {details ? (
                <tr className="nhsuk-table__row" id={details.id}>
                  <td className="nhsuk-table__cell" colSpan={shown.length + (rowActions ? 1 : 0)}>
                    {details.content}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  return responsive ? (
    table
  ) : (
    <TableScroll label={scrollLabel ?? (headerText(caption) || 'Table')}>{table}</TableScroll>
  );
}

/** One item's row: a cell per shown column (its header cell first when a column names the row), then its actions. */
function BodyRow<Row>({
  row,
  columns,
  rowActions,
  responsive,
  className,
}: {
  row: Row;
  columns: readonly Column<Row>[];
  rowActions: ((row: Row) => ReactNode) | undefined;
  responsive: boolean;
  className: string | undefined;
}) {
  return (
    <tr
      className={`nhsuk-table__row${className ? ` ${className}` : ''}`}
      {...(responsive ? { role: 'row' } : {})}
    >
      {columns.map((column) => {
        const Cell = column.rowHeader ? 'th' : 'td';
        const cellClass = [
          'nhsuk-table__cell',
          column.numeric ? 'nhsuk-table__cell--numeric' : '',
          column.className ?? '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <Cell
            key={column.key}
            className={cellClass}
            {...(column.rowHeader ? { scope: 'row' } : {})}
            {...(responsive ? { role: column.rowHeader ? 'rowheader' : 'cell' } : {})}
          >
            {responsive ? (
              <span className="nhsuk-table-responsive__heading" aria-hidden="true">
                {headerText(column.header)}{' '}
              </span>
            ) : null}
            {column.cell(row)}
          </Cell>
        );
      })}
      {rowActions ? (
        <td className="nhsuk-table__cell" {...(responsive ? { role: 'cell' } : {})}>
          {rowActions(row)}
        </td>
      ) : null}
    </tr>
  );
}
