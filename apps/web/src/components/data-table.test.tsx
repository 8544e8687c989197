import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, type DataTableProps, orderSort, querySort } from './data-table';

interface Trust {
  code: string;
  name: string;
  beds: number;
}

const trusts: Trust[] = [
  { code: 'RJ1', name: 'Leeds', beds: 120 },
  { code: 'RCB', name: 'York', beds: 80 },
];

const columns: Column<Trust>[] = [
  { key: 'name', header: 'Name', cell: (t) => t.name, sortable: true, rowHeader: true },
  { key: 'beds', header: 'Beds', cell: (t) => t.beds, numeric: true },
  { key: 'code', header: 'ODS code', cell: (t) => t.code, shown: false },
];

/** The trusts table, captioned 'Trusts', keyed by code; `props` adds to or replaces any of that. */
const renderTable = (props: Partial<DataTableProps<Trust>> = {}) =>
  render(<DataTable caption="Trusts" columns={columns} rows={trusts} rowKey={(t) => t.code} {...props} />);

describe('DataTable', () => {
  it('names the table, heads each shown column, and gives each row its cells and actions', async () => {
    const remove = vi.fn();
    renderTable({
      rowActions: (t) => (
        <button type="button" onClick={() => remove(t.code)}>
          Remove<span className="nhsuk-u-visually-hidden"> {t.name}</span>
        </button>
      ),
    });
    const table = screen.getByRole('table', { name: 'Trusts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Beds', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'York' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '80' })).toHaveClass('nhsuk-table__cell--numeric');
    await userEvent.click(within(table).getByRole('button', { name: /Remove ?York/ }));
    expect(remove).toHaveBeenCalledWith('RCB');
  });

  it("shows a row's detail under it across every column, with the id its opener points to", () => {
    renderTable({
      rowActions: () => 'Edit',
      rowDetails: (t) =>
        t.code === 'RJ1' ? { id: `history-${t.code}`, content: `History of ${t.name}` } : null,
    });
    const rows = within(screen.getByRole('table', { name: 'Trusts' })).getAllByRole('row');
    // The header, Leeds, Leeds's detail, York.
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameBedsActions',
      'Leeds120Edit',
      'History of Leeds',
      'York80Edit',
    ]);
    expect(rows[2]).toHaveAttribute('id', 'history-RJ1');
    expect(within(rows[2]!).getByRole('cell')).toHaveAttribute('colspan', '3');
  });

  it('sorts by a sortable column through the sort it is given, and says how it is sorted', async () => {
    const onSort = vi.fn();
    renderTable({ sort: { sortBy: 'name', sortOrder: 'ASC', onSort } });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name', 'DESC');
  });

  it('shows the empty message instead of an empty table', () => {
    renderTable({ rows: [], emptyMessage: 'None yet' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('None yet')).toBeInTheDocument();
  });

  it('responsive: each cell carries its column name for narrow screens, hidden from screen readers', () => {
    renderTable({ responsive: true });
    const cell = screen.getByRole('cell', { name: '120' });
    expect(cell).toHaveTextContent('Beds 120');
    expect(within(cell).getByText('Beds')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('querySort', () => {
  it("shows the query's sort, else the fallback, and hands a header's choice to the update", () => {
    const update = vi.fn();
    const sorted = querySort<'name'>({ sortBy: 'beds', sortOrder: 'DESC' }, update, {
      sortBy: 'name',
      sortOrder: 'ASC',
    });
    expect([sorted.sortBy, sorted.sortOrder]).toEqual(['beds', 'DESC']);
    const unsorted = querySort<'name'>({}, update, { sortBy: 'name', sortOrder: 'ASC' });
    expect([unsorted.sortBy, unsorted.sortOrder]).toEqual(['name', 'ASC']);
    unsorted.onSort('name', 'DESC');
    expect(update).toHaveBeenCalledWith({ sortBy: 'name', sortOrder: 'DESC' });
  });
});

describe('orderSort', () => {
  it('sorts on its one column, newest first unless the query says, and changes only the order', () => {
    const update = vi.fn();
    const sort = orderSort('createdAt', {}, update);
    expect([sort.sortBy, sort.sortOrder]).toEqual(['createdAt', 'DESC']);
    expect(orderSort('createdAt', { sortOrder: 'ASC' }, update).sortOrder).toBe('ASC');
    sort.onSort('createdAt', 'ASC');
    expect(update).toHaveBeenCalledWith({ sortOrder: 'ASC' });
  });
});
