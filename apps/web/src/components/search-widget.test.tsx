import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { jsonResponse, organisationRow } from '../test/fixtures';
import {
  type OrganisationSearchRow,
  SearchWidget,
  type SearchWidgetProps,
  type UserSearchRow,
} from './search-widget';

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

type OrganisationSearchProps = Extract<SearchWidgetProps, { kind: 'organisations' | 'manageOrganisations' }>;

/** The widget open on organisations; `props` gives the kind, the search and the handlers a test watches. */
const renderOrganisationSearch = (props: Partial<OrganisationSearchProps> = {}) =>
  render(<SearchWidget open kind="organisations" onSelect={vi.fn()} onCancel={vi.fn()} {...props} />);

describe('SearchWidget', () => {
  it('is a labelled modal dialog with the default title', () => {
    renderOrganisationSearch({ search: vi.fn() });
    const dialog = screen.getByRole('dialog', { name: 'Searching across all organisations' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.parentElement).toHaveStyle({ zIndex: '1100' });
    expect(screen.getByRole('searchbox', { name: 'Search by organisation name or ODS code' })).toHaveFocus();
  });

  it('keeps Select disabled until a row is ticked, then returns the ticked rows', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async () => [leeds, york]);
    const onSelect = vi.fn();
    renderOrganisationSearch({ search, onSelect });

    const select = screen.getByRole('button', { name: 'Select' });
    expect(select).toBeDisabled();

    await user.type(screen.getByRole('searchbox'), 'teaching');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search).toHaveBeenCalledWith('teaching', 1);

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
    renderOrganisationSearch({ search: async () => [] });
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
    renderOrganisationSearch({ search });
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
    renderOrganisationSearch({ kind: 'manageOrganisations', search: vi.fn(), onCancel });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps ticks across searches and pages, counts them, ticks a page at once and says how many match', async () => {
    const user = userEvent.setup();
    // 25 matches for "trust", 10 a page; "york" finds one.
    const org = (n: number): OrganisationSearchRow => ({
      ...leeds,
      id: 1000 + n,
      name: `Trust ${n}`,
      code: `T${n}`,
    });
    const search = vi.fn(async (term: string, page: number) =>
      term === 'york'
        ? [york]
        : {
            items: Array.from({ length: page === 3 ? 5 : 10 }, (_, i) => org((page - 1) * 10 + i + 1)),
            total: 25,
            pageSize: 10,
          },
    );
    const onSelect = vi.fn();
    const onSelectAllMatching = vi.fn();
    renderOrganisationSearch({ kind: 'manageOrganisations', search, onSelect, onSelectAllMatching });
    await user.type(screen.getByRole('searchbox'), 'trust{Enter}');
    expect(await screen.findByText('Showing 1 to 10 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Trust 2 (T2)' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 25')).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith('trust', 2);
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByTestId('ticked-count')).toHaveTextContent('11 selected');

    // A new search keeps what was ticked.
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'york{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: /^Select York/ }));
    expect(screen.getByTestId('ticked-count')).toHaveTextContent('12 selected');
    expect(screen.queryByRole('button', { name: /^Select all/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const chosen = onSelect.mock.calls[0]![0] as OrganisationSearchRow[];
    expect(chosen).toHaveLength(12);
    expect(chosen[0]!.code).toBe('T2');
    expect(chosen.at(-1)!.code).toBe('RCB');
  }, 20_000);

  it('hands the search to the caller to add every match by criteria', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async () => ({ items: [leeds], total: 3162, pageSize: 1 }));
    const onSelectAllMatching = vi.fn();
    renderOrganisationSearch({ kind: 'manageOrganisations', search, onSelectAllMatching });
    await user.type(screen.getByRole('searchbox'), 'practice{Enter}');
    expect(await screen.findByText('Showing 1 to 1 of 3,162')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 3,162 matching' }));
    expect(onSelectAllMatching).toHaveBeenCalledWith('practice');
  });

  it('renders nothing when closed', () => {
    render(<SearchWidget open={false} kind="users" search={vi.fn()} onSelect={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('SearchWidget organisation kinds without a search function: GET /Organisation', () => {
  afterEach(() => vi.unstubAllGlobals());
  const apiOrganisation = (code: string, name: string, isOpen: boolean) =>
    organisationRow(code.length * 100 + name.length, name, code, {
      regionId: 1,
      organisationTypeId: 1,
      closureDate: isOpen ? null : '2024-03-31',
      isOpen,
      region: { id: 1, code: 'Y56', name: 'London' },
      organisationType: { id: 1, shortDescription: 'Trust', longDescription: 'NHS Trust' },
    });
  const stubOrganisations = (items: unknown[]) => {
    const fetchMock = vi.fn(async () => jsonResponse({ items, total: items.length }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  const searchedUrl = (fetchMock: ReturnType<typeof stubOrganisations>) =>
    new URL(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0]), 'http://localhost');

  it('manageOrganisations searches open organisations only (closed ones cannot be newly assigned)', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOrganisations([apiOrganisation('RJ1', "Guy's and St Thomas'", true)]);
    const onSelect = vi.fn();
    renderOrganisationSearch({ kind: 'manageOrganisations', onSelect });
    await user.type(screen.getByRole('searchbox'), ' rj1 {Enter}');
    await user.click(await screen.findByRole('checkbox', { name: "Select Guy's and St Thomas' (RJ1)" }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const url = searchedUrl(fetchMock);
    expect(url.pathname).toBe('/v1/api/Organisation');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'rj1',
      page: '1',
      pageSize: '100',
      isOpen: 'true',
    });
    expect(onSelect).toHaveBeenCalledWith([expect.objectContaining({ code: 'RJ1' })]);
    expect(screen.queryByRole('columnheader', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('organisations finds closed ones too and says which; nothing found reads the spec message', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOrganisations([apiOrganisation('R1A', 'Worcestershire Health', false)]);
    renderOrganisationSearch();
    await user.type(screen.getByRole('searchbox'), 'R1A{Enter}');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Closed' })).toBeInTheDocument();
    expect(Object.fromEntries(searchedUrl(fetchMock).searchParams)).toEqual({
      query: 'R1A',
      page: '1',
      pageSize: '100',
    });

    stubOrganisations([]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'ZZZ{Enter}');
    expect(await screen.findByText('No results(s) found')).toBeInTheDocument();
  });
});
