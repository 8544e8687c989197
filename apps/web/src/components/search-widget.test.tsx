import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { type OrganisationSearchRow, SearchWidget, type UserSearchRow } from './search-widget';

const leeds: OrganisationSearchRow = {
  id: 1,
  name: 'Leeds Teaching Hospitals NHS Trust',
  code: 'RR8',
  region: { name: 'North East and Yorkshire' },
  organisationType: { longDescription: 'NHS Trust' },
};
const york: OrganisationSearchRow = {
  ...leeds,
  id: 2,
  name: 'York and Scarborough Teaching Hospitals',
  code: 'RCB',
};

describe('SearchWidget', () => {
  it('is a labelled modal dialog with the default title', () => {
    render(<SearchWidget open kind="organisations" search={vi.fn()} onSelect={vi.fn()} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Searching across all organisations' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.parentElement).toHaveStyle({ zIndex: '1100' });
    expect(screen.getByRole('searchbox', { name: 'Search by organisation name or ODS code' })).toHaveFocus();
  });

  it('keeps Select disabled until a row is ticked, then returns the ticked rows', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async () => [leeds, york]);
    const onSelect = vi.fn();
    render(<SearchWidget open kind="organisations" search={search} onSelect={onSelect} onCancel={vi.fn()} />);

    const select = screen.getByRole('button', { name: 'Select' });
    expect(select).toBeDisabled();

    await user.type(screen.getByRole('searchbox'), 'teaching');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search).toHaveBeenCalledWith('teaching');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('cell', { name: 'RR8' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'North East and Yorkshire' })).toBeInTheDocument();
    expect(select).toBeDisabled();

    await user.click(
      screen.getByRole('checkbox', { name: 'Select York and Scarborough Teaching Hospitals (RCB)' }),
    );
    expect(select).toBeEnabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'Select York and Scarborough Teaching Hospitals (RCB)' }),
    );
    expect(select).toBeDisabled();

    await user.click(
      screen.getByRole('checkbox', { name: 'Select Leeds Teaching Hospitals NHS Trust (RR8)' }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'Select York and Scarborough Teaching Hospitals (RCB)' }),
    );
    await user.click(select);
    expect(onSelect).toHaveBeenCalledWith([leeds, york]);
  });

  it("says 'No results(s) found' when the search finds nothing", async () => {
    const user = userEvent.setup();
    render(
      <SearchWidget
        open
        kind="organisations"
        search={async () => []}
        onSelect={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await user.type(screen.getByRole('searchbox'), 'nowhere{Enter}');
    expect(await screen.findByText('No results(s) found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select' })).toBeDisabled();
  });

  it('shows the error message when the search fails', async () => {
    const user = userEvent.setup();
    const search = async () => {
      throw new ApiError(403, { title: 'Forbidden', status: 403 });
    };
    render(<SearchWidget open kind="organisations" search={search} onSelect={vi.fn()} onCancel={vi.fn()} />);
    await user.type(screen.getByRole('searchbox'), 'x{Enter}');
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  });

  it('lists users with their email and ODS code, under a title of your choice', async () => {
    const user = userEvent.setup();
    const rows: UserSearchRow[] = [
      { id: 'u1', name: 'Sam Patel', email: 'sam.patel@nhs.net', providerCode: 'RR8', idpId: 'x' },
    ];
    const onSelect = vi.fn();
    render(
      <SearchWidget
        open
        kind="users"
        title="Find a user"
        search={async () => rows}
        onSelect={onSelect}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Find a user' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email address' }), 'sam{Enter}');
    expect(await screen.findByRole('cell', { name: 'sam.patel@nhs.net' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Sam Patel' }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledWith(rows);
  });

  it('Cancel and Escape both cancel', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <SearchWidget
        open
        kind="manageOrganisations"
        search={vi.fn()}
        onSelect={vi.fn()}
        onCancel={onCancel}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    render(<SearchWidget open={false} kind="users" search={vi.fn()} onSelect={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
