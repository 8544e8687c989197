import type { PeriodCounts, PeriodSubmissionList, PeriodSubmissionRow } from '@dcf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionKeys } from '../../api/collections';
import { routePatterns } from '../../app/paths';
import { collectionDto, featureFlags, jsonResponse, users } from '../../test/fixtures';
import { findPageTitle, renderAtRoute } from '../../test/render';
import { ReportingPeriodSubmissionsPage } from './reporting-period-submissions-page';

const counts: PeriodCounts = {
  expected: 3,
  notYetRequired: 0,
  notStarted: 0,
  draft: 1,
  completed: 1,
  missed: 1,
  onTime: 1,
  late: 0,
};

function row(code: string, status: PeriodSubmissionRow['status'], extra: Partial<PeriodSubmissionRow> = {}) {
  return {
    organisationId: code.length,
    name: `Trust ${code}`,
    code,
    isClosed: false,
    region: { code: 'Y56', name: 'London' },
    organisationType: { shortDescription: 'NHS Trust' },
    status,
    submissionId: null,
    lastChangedAt: null,
    lastChangedBy: null,
    submittedAt: null,
    submittedBy: null,
    isLocked: false,
    lockedBy: null,
    lockedOn: null,
    isTrustAuthorisationRequired: false,
    isNhsiAuthorisationRequired: false,
    nhsiAuthorisedAt: null,
    nhsiAuthorisedBy: null,
    awaitingNhsiAuthorisation: false,
    reopenedUntil: null,
    isOnTime: null,
    ...extra,
  } satisfies PeriodSubmissionRow;
}

const list = (
  items: PeriodSubmissionRow[],
  reportingPeriodStatus: PeriodSubmissionList['period']['reportingPeriodStatus'] = 'Closed',
): PeriodSubmissionList => ({
  period: {
    id: 7,
    collectionId: 1,
    collectionName: 'Beds',
    name: 'May 2026',
    start: '2026-05-01',
    end: '2026-05-31',
    submissionsOpen: '2026-05-31T23:00:00.000Z',
    submissionsClose: '2026-06-20T23:00:00.000Z',
    submissionsReopen: null,
    submissionsReclose: null,
    reportingPeriodStatus,
  },
  counts,
  items,
  total: items.length,
});

afterEach(() => vi.unstubAllGlobals());

/** GET /View/Manager/Home/Collection/1 for `collection`: three recipients, no period, a manager who may archive. */
const managerHome = (collection: object) => ({
  ...collection,
  recipients: 3,
  currentPeriod: null,
  nextPeriod: null,
  abilities: { canAmend: true, canDelete: false, canPublish: false, canArchive: true, canMonitor: true },
  periods: [],
});

describe('ReportingPeriodSubmissionsPage', () => {
  it('shows counts, statuses, lock and authorisation, and asks the API for the chosen status', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.includes('/View/Manager/ReportingPeriod/7/Submission'))
          return jsonResponse(
            url.includes('status=missed')
              ? list([row('R3', 'missed')])
              : list([
                  row('R1', 'completed', {
                    isOnTime: true,
                    isNhsiAuthorisationRequired: true,
                    awaitingNhsiAuthorisation: true,
                  }),
                  row('R22', 'draft', {
                    isLocked: true,
                    lockedBy: { id: 5, name: 'Chris Clerk' },
                    lockedOn: '2026-06-10T09:30:00.000Z',
                  }),
                  row('R3', 'missed'),
                ]),
          );
        if (url.includes('/View/Manager/Home/Collection/1'))
          return jsonResponse(managerHome({ id: 1, name: 'Beds', status: 'published' }));
        return jsonResponse([]);
      }),
    );
    renderAtRoute(routePatterns.managerReportingPeriod, <ReportingPeriodSubmissionsPage />, {
      path: '/collection/manage/reportingPeriod/7',
      user: users.manager,
    });
    expect(await findPageTitle('Beds: May 2026')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 (33%)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Submissions by organisation' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]?.textContent)).toEqual([
      'Completed',
      'Draft',
      'Missed',
    ]);
    expect(rows[0]).toHaveTextContent('Awaiting NHSI authorisation');
    expect(rows[1]).toHaveTextContent('Locked by Chris Clerk since 10 June 2026, 10:30');

    // An organisation's history opens under its row, across the table, and closes again.
    const history = within(rows[1]!).getByRole('button', { name: /^History/ });
    fireEvent.click(history);
    expect(history).toHaveAttribute('aria-expanded', 'true');
    const opened = document.getElementById(history.getAttribute('aria-controls') ?? '');
    expect(opened?.previousElementSibling).toBe(rows[1]);
    expect(within(opened!).getByRole('cell')).toHaveAttribute('colspan', '7');
    fireEvent.click(within(table).getByRole('button', { name: /^Hide history/ }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'missed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 organisation')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('status=missed'))).toBe(true);
  });
});

describe('ReportingPeriodSubmissionsPage: chasing and exports', () => {
  const collection = (overrides: Parameters<typeof collectionDto>[0] = {}) =>
    collectionDto({
      name: 'Beds',
      isEmailEnabled: true,
      status: 'published',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      abilities: { canDelete: false, canPublish: false, canArchive: true },
      ...overrides,
    });
  const answered: string[] = [];
  function stubApi(
    collectionBody: unknown,
    sent: { url: string; body: unknown }[] = [],
    periodStatus: PeriodSubmissionList['period']['reportingPeriodStatus'] = 'Open',
  ) {
    answered.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        answered.push(url);
        if (init?.method === 'POST') {
          sent.push({ url, body: JSON.parse(String(init.body)) });
          return jsonResponse({ chased: 1, alreadyChasedToday: 1, emails: 2 });
        }
        if (url.includes('/View/Manager/ReportingPeriod/7/Submission'))
          return jsonResponse(
            list([row('R1', 'completed'), row('R22', 'draft'), row('R3', 'missed')], periodStatus),
          );
        // The dialog's counts, as the server computes them (one small answer).
        if (url.includes('/Collection/1/ReportingPeriod/7/Reminder'))
          return jsonResponse({ organisations: 1, people: 2, nobodyToEmail: 1, alreadyChasedToday: 0 });
        if (url.includes('/FeatureFlag')) return jsonResponse(featureFlags('EMAILENABLED'));
        if (/\/Collection\/1(\?|$)/.test(url)) return jsonResponse(collectionBody);
        if (url.includes('/View/Manager/Home/Collection/1')) return jsonResponse(managerHome(collection()));
        return jsonResponse([]);
      }),
    );
    return renderAtRoute(routePatterns.managerReportingPeriod, <ReportingPeriodSubmissionsPage />, {
      path: '/collection/manage/reportingPeriod/7',
      user: users.manager,
    });
  }

  it('asks before sending a reminder, saying who will be emailed, then tells the outcome', async () => {
    const sent: { url: string; body: unknown }[] = [];
    stubApi(collection(), sent);
    fireEvent.click(await screen.findByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder?' });
    expect(
      await within(dialog).findByText(
        'This will email 2 data entry clerks and authorisers of 1 organisation that has not completed May 2026.',
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 organisation not completed has nobody to email');
    expect(sent).toEqual([]);
    // The counts come from the server; the whole non-submitters list is never downloaded for them.
    expect(answered.some((u) => u.includes('NonSubmitters'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent to 1 organisation (2 emails).')).toBeInTheDocument();
    expect(
      screen.getByText('1 organisation already chased today was not emailed again.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ url: '/v1/api/Collection/1/ReportingPeriod/7/Reminder', body: {} }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download non-submitters (CSV)' })).toHaveAttribute(
      'href',
      '/v1/api/View/Manager/ReportingPeriod/7/NonSubmitters?format=csv',
    );
    expect(screen.getByRole('button', { name: /^Download CSV\s*of May 2026$/ })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Download Excel \(XLSX\)\s*of May 2026$/ }),
    ).toBeInTheDocument();
  });

  it('says why reminders cannot be sent when the collection has email switched off', async () => {
    stubApi(collection({ isEmailEnabled: false }));
    expect(
      await screen.findByText('Email is switched off for this collection: reminders cannot be sent.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
  });

  it('offers no reminder on a closed period and says why; the non-submitters list and exports stay', async () => {
    stubApi(collection(), [], 'Closed');
    expect(
      await screen.findByText('Reminders cannot be sent because the reporting period has closed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download non-submitters (CSV)' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Download Excel \(XLSX\)\s*of May 2026$/ }),
    ).toBeInTheDocument();
  });

  it('offers no chasing or export to a user the API would not let monitor the collection', async () => {
    const { queryClient } = stubApi(
      collection({
        abilities: {
          canAmend: false,
          canDelete: false,
          canPublish: false,
          canArchive: false,
          canMonitor: false,
        },
      }),
    );
    expect(await findPageTitle('Beds: May 2026')).toBeInTheDocument();
    await waitFor(() => expect(answered).toContain('/v1/api/Collection/1'));
    // The page holds the collection's answer before looking for what it hides (waitFor returns after the
    // query's subscribers have re-rendered).
    await waitFor(() =>
      expect(queryClient.getQueryData(collectionKeys.one(1))).toMatchObject({
        abilities: { canMonitor: false },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Export returns' })).not.toBeInTheDocument();
  });
});
