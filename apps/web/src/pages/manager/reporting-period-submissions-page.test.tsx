import type { PeriodCounts, PeriodSubmissionList, PeriodSubmissionRow } from '@dcf/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../app/current-user-context';
import { routePatterns } from '../../app/paths';
import { jsonResponse, users } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
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

const list = (items: PeriodSubmissionRow[]): PeriodSubmissionList => ({
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
    reportingPeriodStatus: 'Closed',
  },
  counts,
  items,
  total: items.length,
});

afterEach(() => vi.unstubAllGlobals());

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
          return jsonResponse({
            id: 1,
            name: 'Beds',
            status: 'published',
            recipients: 3,
            currentPeriod: null,
            nextPeriod: null,
            periods: [],
          });
        return jsonResponse([]);
      }),
    );
    renderRoutes(
      [
        {
          path: routePatterns.managerReportingPeriod,
          element: (
            <CurrentUserContext value={users.manager}>
              <ReportingPeriodSubmissionsPage />
            </CurrentUserContext>
          ),
        },
      ],
      '/collection/manage/reportingPeriod/7',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Beds: May 2026' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 (33%)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Submissions by organisation' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]?.textContent)).toEqual([
      'Completed',
      'Draft',
      'Missed',
    ]);
    expect(rows[0]).toHaveTextContent('Awaiting NHSI authorisation');
    expect(rows[1]).toHaveTextContent('Locked by Chris Clerk since 10 Jun 2026, 10:30');
    expect(screen.getByRole('link', { name: 'Download non-submitters (CSV)' })).toHaveAttribute(
      'href',
      '/v1/api/View/Manager/ReportingPeriod/7/NonSubmitters?format=csv',
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'missed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 organisation')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('status=missed'))).toBe(true);
  });
});
