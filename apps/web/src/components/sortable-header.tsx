export type SortOrder = 'ASC' | 'DESC';

export interface SortableHeaderProps {
  /** The column's sort key as the API names it. */
  column: string;
  label: string;
  sortBy: string | undefined;
  sortOrder: SortOrder | undefined;
  /** Sorts by this column: ascending first, then the other way on a second press. */
  onSort: (sortBy: string, sortOrder: SortOrder) => void;
}

/**
 * A table header that sorts the list by its column: a button inside the `th`, with `aria-sort` saying
 * how the list is sorted now (WAI-ARIA sortable table pattern).
 */
export function SortableHeader({ column, label, sortBy, sortOrder, onSort }: SortableHeaderProps) {
  const active = sortBy === column;
  const next: SortOrder = active && sortOrder === 'ASC' ? 'DESC' : 'ASC';
  return (
    <th
      scope="col"
      className="nhsuk-table__header"
      aria-sort={active ? (sortOrder === 'DESC' ? 'descending' : 'ascending') : 'none'}
    >
      <button type="button" className="dcf-link-button dcf-sort-button" onClick={() => onSort(column, next)}>
        {label}
        {active ? <span aria-hidden="true">{sortOrder === 'DESC' ? ' ▼' : ' ▲'}</span> : null}
      </button>
    </th>
  );
}
