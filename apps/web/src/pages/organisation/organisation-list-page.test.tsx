import type { ImportReport, OdsSyncRun } from '@dcf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths';
import { jsonResponse, organisationRow, stubFetch, users } from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { OrganisationListPage } from './organisation-list-page';

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

const guys = organisationRow(1, "Guy's and St Thomas' NHS Foundation Trust", 'RJ1', {
  regionId: 1,
  organisationTypeId: 1,
  region: { id: 1, code: 'Y56', name: 'London' },
  organisationType: { id: 1, shortDescription: 'Trust', longDescription: 'NHS Trust' },
});
const run = (overrides: Partial<OdsSyncRun>): OdsSyncRun => ({
  id: 3,
  status: 'succeeded',
  mode: 'full',
  since: null,
  added: 2,
  updated: 5,
  closed: 1,
  failed: 0,
  error: null,
  startedBy: 1,
  startedAt: '2026-11-23T09:00:00.000Z',
  finishedAt: '2026-11-23T09:01:00.000Z',
  progress: null,
  ...overrides,
});
const report = (dryRun: boolean, organisationTypeId: number | null = null): ImportReport => ({
  dryRun,
  layout: { id: 'headered', name: 'CSV with a header row (columns read: Organisation Code, Name)' },
  added: 1,
  updated: 2,
  closed: 1,
  alreadyClosed: 4,
  unchanged: 250,
  refused: [{ line: 3, code: 'ZY2', reason: 'The name is missing' }],
  refusedCount: 1,
  types: [
    organisationTypeId === null
      ? { organisationTypeId: null, name: 'No type (the file does not say)', count: 254 }
      : { organisationTypeId, name: 'GP Practice', count: 254 },
  ],
  untyped: 254,
});

function stubApi(handler: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.includes('/Organisation/Admin/SyncRuns')) return jsonResponse([run({})]);
    if (url.includes('/v1/api/Organisation?')) return jsonResponse({ items: [guys], total: 1 });
    if (url.endsWith('/Region')) return jsonResponse([]);
    if (url.endsWith('/OrganisationType'))
      return jsonResponse([
        { id: 7, code: 'RO76', shortDescription: 'GP Practice', longDescription: 'GP Practice' },
      ]);
    return undefined;
  });
}
const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, part: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url.includes(part));

const renderPage = (user = users.superAdmin) =>
  renderAtRoute(paths.organisations, <OrganisationListPage />, {
    user,
    others: [{ path: '*', element: <p>Elsewhere</p> }],
  });

afterEach(() => vi.unstubAllGlobals());

describe('organisations page, administrator tools', () => {
  it('checks an ODS extract (dry run), shows what would change, then applies it', async () => {
    const fetchMock = stubApi((url, init) => {
      if (!url.includes('/Organisation/Admin/Import')) return undefined;
      const body = JSON.parse(String(init?.body)) as { dryRun: boolean; organisationTypeId: number | null };
      return jsonResponse(report(body.dryRun, body.organisationTypeId));
    });
    renderPage();
    const input = await screen.findByLabelText('ODS CSV file');
    const check = screen.getByRole('button', { name: 'Check the file' });
    expect(check).toBeDisabled();

    fireEvent.change(input, { target: { files: [new File(['x'], 'etr.xlsx')] } });
    expect(await screen.findByText('File is the wrong type; it must be .csv')).toBeInTheDocument();
    expect(check).toBeDisabled();

    const csv = 'RJ1,GUYS,Y56,Q71,,,,,,,19930401,,,,\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'etr.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(check).toBeEnabled());
    expect(screen.queryByText(/wrong type/)).not.toBeInTheDocument();
    fireEvent.click(check);

    const heading = await screen.findByRole('heading', { name: 'What importing etr.csv would change' });
    const preview = heading.parentElement as HTMLElement;
    expect(within(preview).getByText('To add').nextSibling).toHaveTextContent('1');
    expect(within(preview).getByText('To close').nextSibling).toHaveTextContent('1');
    expect(within(preview).getByText('Already closed').nextSibling).toHaveTextContent('4');
    expect(within(preview).getByRole('cell', { name: 'The name is missing' })).toBeVisible();
    expect(within(preview).getByText(/File recognised as: CSV with a header row/)).toBeVisible();
    expect(within(preview).getByRole('cell', { name: 'No type (the file does not say)' })).toBeVisible();
    expect(calls(fetchMock, 'POST', '/Organisation/Admin/Import')).toHaveLength(1);

    // The file cannot say the type: choosing one checks the file again with it.
    await userEvent.selectOptions(
      within(preview).getByLabelText('Organisation type for the organisations this file does not type'),
      'GP Practice',
    );
    expect(await within(preview).findByRole('cell', { name: 'GP Practice' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Apply the import' }));
    expect(await screen.findByRole('heading', { name: 'Import applied' })).toBeInTheDocument();
    expect(screen.getByText('Updated').nextSibling).toHaveTextContent('2');
    const bodies = calls(fetchMock, 'POST', '/Organisation/Admin/Import').map(([, init]) =>
      JSON.parse(String(init?.body)),
    );
    expect(bodies).toEqual([
      { content: csv, dryRun: true, organisationTypeId: null },
      { content: csv, dryRun: true, organisationTypeId: 7 },
      { content: csv, dryRun: false, organisationTypeId: 7 },
    ]);
  });

  it('shows the last sync outcome with its counts, and the progress of a running one', async () => {
    let runs = [run({})];
    const fetchMock = stubApi((url, init) => {
      if (url.includes('/TriggerSyncOrganisations')) {
        runs = [
          run({
            id: 4,
            status: 'running',
            finishedAt: null,
            progress: { phase: 'details', done: 600, total: 1500 },
          }),
        ];
        return jsonResponse(runs[0], 202);
      }
      if (url.includes('/SyncRuns') && (init?.method ?? 'GET') === 'GET') return jsonResponse(runs);
      return undefined;
    });
    renderPage();
    expect(
      await screen.findByText('Last sync 23 November 2026, 09:01: 2 added, 5 updated, 1 closed, 0 failed.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sync with ODS' }));
    expect(await screen.findByText('Fetching organisation records: 600 of 1500 (40%).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Syncing with ODS...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Organisation records fetched' })).toHaveAttribute(
      'value',
      '600',
    );
    expect(calls(fetchMock, 'POST', '/TriggerSyncOrganisations')).toHaveLength(1);
  });

  it('finds an organisation by code in the search widget and opens it', async () => {
    const user = userEvent.setup();
    stubApi();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Find an organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Searching across all organisations' });
    await user.type(within(dialog).getByRole('searchbox'), 'RJ1{Enter}');
    await user.click(await within(dialog).findByRole('checkbox', { name: /RJ1/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/manage/edit/1'));
  });

  it('offers none of them to a manager', async () => {
    stubApi();
    renderPage(users.manager);
    await screen.findByRole('table', { name: 'Organisations' });
    expect(screen.queryByLabelText('ODS CSV file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync with ODS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find an organisation' })).not.toBeInTheDocument();
  });
});
