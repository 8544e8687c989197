import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterForm } from './filter-form';
import { Select } from './select';

function Demo({
  onSearch,
  searchInRow,
}: {
  onSearch: (text: string, status: string) => void;
  searchInRow?: boolean;
}) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  return (
    <FilterForm
      label="Filter things"
      onSearch={() => onSearch(text, status)}
      search={{ id: 'thing-search', label: 'Search by name', value: text, onChange: setText }}
      searchInRow={searchInRow}
    >
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
        ]}
      />
      {null}
    </FilterForm>
  );
}

describe('FilterForm', () => {
  it('hands the drafts over on Search only', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Demo onSearch={onSearch} />);
    const form = screen.getByRole('form', { name: 'Filter things' });
    await user.type(within(form).getByRole('searchbox', { name: 'Search by name' }), 'leeds');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Closed');
    expect(onSearch).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('leeds', 'closed');
  });

  it('puts the search box above the filters, or in their row two thirds wide', () => {
    const { unmount } = render(<Demo onSearch={vi.fn()} />);
    const above = screen.getByRole('searchbox');
    expect(above).toHaveClass('nhsuk-input', 'nhsuk-u-width-two-thirds');
    expect(above.closest('.nhsuk-grid-row')).toBeNull();
    // Each filter, and no empty child, gets a third of the row.
    expect(document.querySelectorAll('.nhsuk-grid-column-one-third')).toHaveLength(1);
    unmount();
    render(<Demo onSearch={vi.fn()} searchInRow />);
    const beside = screen.getByRole('searchbox');
    expect(beside).not.toHaveClass('nhsuk-u-width-two-thirds');
    expect(beside.closest('.nhsuk-grid-column-two-thirds')).not.toBeNull();
  });
});
