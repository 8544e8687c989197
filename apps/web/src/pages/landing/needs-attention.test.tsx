import type { CurrentUser, ManagerCollection, PeriodCounts } from '@dcf/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFound, stubApi, submitterReturn, users } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { LandingPage } from './landing-page';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const counts: PeriodCounts = {
  expected: 8,
  notYetRequired: 0,
  notStarted: 3,
  draft: 2,
  completed: 3,
  missed: 0,
  onTime: 3,
  late: 0,
};

function collection(id: number, name: string, closeInDays: number, status = 'Open'): ManagerCollection {
  return {
    id,
    name,
    status: 'published',
    recipients: 8,
    currentPeriod: {
      id: id * 10,
      name: 'May 2026',
      start: '2026-05-01',
      end: '2026-05-31',
      submissionsOpen: inDays(-5),
      submissionsClose: inDays(closeInDays),
      submissionsReopen: null,
      submissionsReclose: null,
      reportingPeriodStatus: status as 'Open',
      counts,
    },
    nextPeriod: null,
    abilities: { canAmend: true, canDelete: false, canPublish: false, canArchive: true, canMonitor: true },
  };
}

/** The API: three managed collections, one of the submitter's returns due in 2 days, no worklists. */
function stubLandingApi() {
  return stubApi(
    {
      'GET /View/Manager/Home': () =>
        jsonResponse({
          collections: [
            collection(1, 'Beds', 2),
            collection(2, 'Staffing', 10),
            collection(3, 'Closed one', 1, 'Closed'),
          ],
        }),
      'GET /View/Submitter/Returns': () =>
        jsonResponse({
          total: 1,
          collections: [{ id: 1, name: 'Beds', guidance: null }],
          items: [
            submitterReturn({
              collection: { id: 1, name: 'Beds' },
              period: { id: 1, name: 'Month 1' },
              deadline: inDays(2),
              deadlineText: 'closes in 2 days',
            }),
          ],
        }),
      'GET /View/Worklist/Counts': () =>
        jsonResponse({ signOff: null, nhsiAuthorisation: null, returned: null }),
    },
    notFound,
  );
}

/** Opens the landing page as `user` on that API, once 'Needs your attention' lists its items. */
async function openAs(user: CurrentUser) {
  const calls = stubLandingApi();
  renderAt(<LandingPage />, { user });
  const panel = await screen.findByRole('region', { name: 'Needs your attention' });
  return { calls, items: await within(panel).findAllByRole('listitem') };
}

describe('Needs your attention (landing page, loaded lazily)', () => {
  it('shows a manager the periods closing in the next 7 days with received of expected', async () => {
    const { calls, items } = await openAs(users.manager);
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(/^Beds: May 2026 closes .+; received 3 of 8 \(38%\)$/);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/collection/manage/reportingPeriod/10',
    );
    expect(calls.some((c) => c.key.includes('/View/Submitter'))).toBe(false);
  });

  it('shows a submitter their returns due in the next 7 days that are not completed, in one request', async () => {
    const { calls, items } = await openAs(users.submitter);
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(
      /^Beds: Month 1 for Trust A, closes in 2 days \(.+\)\. Draft not yet submitted\.$/,
    );
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/form/collection/1/organisation/10/reportingPeriod/1',
    );
    // The server answers the question whatever the number of organisations (a clerk at 50 made 56).
    const returns = calls.filter((c) => c.key === 'GET /View/Submitter/Returns');
    expect(returns).toHaveLength(1);
    expect(returns[0]?.url.searchParams.get('outstanding')).toBe('true');
    expect(returns[0]?.url.searchParams.get('dueWithinDays')).toBe('7');
    expect(calls.filter((c) => c.key.includes('/View/Submitter/Home'))).toEqual([]);
  });

  it('says so when nothing is due', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ collections: [collection(2, 'Staffing', 10)] })),
    );
    renderAt(<LandingPage />, { user: users.manager });
    expect(
      await screen.findByText('None of the periods you manage closes in the next 7 days.'),
    ).toBeInTheDocument();
  });

  it('is not shown to a user with no role', async () => {
    stubLandingApi();
    renderAt(<LandingPage />, { user: users.none });
    await screen.findByText(/You do not have a role/);
    expect(screen.queryByRole('region', { name: 'Needs your attention' })).not.toBeInTheDocument();
  });
});
