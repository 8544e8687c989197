import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, ResultCount } from './paged-table';

const rows = ['Leeds', 'York'];

function Table({
  onChange = vi.fn(),
  onSort = vi.fn(),
  items = rows,
  total = 60,
}: {
  onChange?: () => void;
  onSort?: (sortBy: 'name' | 'code', sortOrder: 'ASC' | 'DESC') => void;
  items?: string[];
  total?: number;
}) {
  return (
    <PagedTable
      caption="Organisations"
      count={{ one: 'organisation', many: 'organisations' }}
      emptyMessage="No results(s) found"
      list={{ items, total }}
      query={{ page: 2 }}
      defaultPageSize={25}
      onChange={onChange}
      rowKey={(name) => name}
      sort={{
        sortBy: 'name',
        sortOrder: 'ASC',
        onSort: (sortBy, sortOrder) => onSort(sortBy as 'name' | 'code', sortOrder),
      }}
      columns={[
        { key: 'name', header: 'Name', sortable: true, cell: (name) => name },
        { key: 'code', header: 'Code', sortable: true, cell: () => '-' },
      ]}
    />
  );
}

describe('PagedTable', () => {
  it('shows the count, the table with its caption and sortable headers, and paging', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onSort = vi.fn();
    render(<Table onChange={onChange} onSort={onSort} />);
    expect(screen.getByText('60 organisations')).toHaveAttribute('aria-live', 'polite');
    const table = screen.getByRole('table', { name: 'Organisations' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Code' }));
    expect(onSort).toHaveBeenCalledWith('code', 'ASC');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'DESC');
    // 60 rows at 25 a page make three pages; page 2 is the current one.
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    expect(onChange).toHaveBeenCalledWith({ page: 3 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onChange).toHaveBeenLastCalledWith({ pageSize: 50 });
  });

  it('shows the empty message instead of an empty table', () => {
    render(<Table items={[]} total={0} />);
    expect(screen.getByText('0 organisations')).toBeInTheDocument();
    expect(screen.getByText('No results(s) found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('ResultCount', () => {
  it('counts one row in the singular and many with thousands separators', () => {
    const { rerender } = render(<ResultCount total={1} one="return" many="returns" />);
    expect(screen.getByText('1 return')).toBeInTheDocument();
    rerender(<ResultCount total={12345} one="return" many="returns" />);
    expect(screen.getByText('12,345 returns')).toBeInTheDocument();
  });
});
