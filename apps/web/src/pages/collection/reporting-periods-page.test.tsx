import type { CollectionPeriodList, PeriodSummary } from '@dcf/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '../../app/paths';
import { collectionDto, jsonResponse, makeUser } from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { ReportingPeriodsPage } from './reporting-periods-page';

const collection = collectionDto({
  id: 4,
  status: 'published',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  abilities: { canAmend: false, canDelete: false, canPublish: false, canArchive: false },
});

function period(id: number, name: string, state: PeriodSummary['reportingPeriodStatus']): PeriodSummary {
  return {
    id,
    name,
    start: '2026-04-01',
    end: '2026-04-30',
    submissionsOpen: '2026-04-30T23:00:00.000Z',
    submissionsClose: '2026-05-08T23:00:00.000Z',
    submissionsReopen: null,
    submissionsReclose: null,
    reportingPeriodStatus: state,
    counts: {
      expected: 8,
      notYetRequired: 0,
      notStarted: 0,
      draft: 1,
      completed: 3,
      missed: 4,
      onTime: 2,
      late: 1,
    },
  };
}

const list = (items: PeriodSummary[]): CollectionPeriodList => ({
  collection: { id: 4, name: 'Bed availability' },
  items,
  total: items.length,
  states: { Open: 1, Future: 0, Closed: 12 },
});

const submissionManager = makeUser({
  isCollectionManager: true,
  collectionRoles: [{ role: 'submissionManager', collectionId: 4 }],
});

afterEach(() => vi.unstubAllGlobals());

/**
 * Opens collection 4's periods page as its submission manager; `periods` answers each request for the
 * list (by its URL). Returns the URLs asked for.
 */
function openPeriodsPage(periods: (url: string) => CollectionPeriodList) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.includes('/View/Manager/Collection/4/ReportingPeriods')) return jsonResponse(periods(url));
      if (url.endsWith('/Collection/4')) return jsonResponse(collection);
      return jsonResponse([]);
    }),
  );
  renderAtRoute(routePatterns.reportingPeriods, <ReportingPeriodsPage />, {
    path: '/collection/4/reportingPeriod',
    user: submissionManager,
  });
  return calls;
}

describe('ReportingPeriodsPage for a manager who monitors the collection', () => {
  it('lists every period, a closed one with its counts and the way to its monitoring, non-submitters and exports', async () => {
    const calls = openPeriodsPage((url) =>
      url.includes('state=Closed')
        ? list([period(7, 'April 2026', 'Closed')])
        : list([period(8, 'May 2026', 'Open'), period(7, 'April 2026', 'Closed')]),
    );
    const table = await screen.findByRole('table', { name: 'Reporting periods of Bed availability' });
    const april = within(table).getByRole('row', { name: /^April 2026/ });
    expect(april).toHaveTextContent('Closed');
    expect(april).toHaveTextContent('3 of 8 (38%)');
    expect(
      within(april)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(3, 6),
    ).toEqual(['1', '0', '4']);
    expect(within(april).getByRole('link', { name: 'Monitor April 2026' })).toHaveAttribute(
      'href',
      '/collection/manage/reportingPeriod/7',
    );
    expect(within(april).getByRole('link', { name: 'Non-submitters (CSV) of April 2026' })).toHaveAttribute(
      'href',
      '/v1/api/View/Manager/ReportingPeriod/7/NonSubmitters?format=csv',
    );
    expect(within(april).getByRole('link', { name: 'Export Excel (XLSX) of April 2026' })).toHaveAttribute(
      'href',
      '/v1/api/Collection/4/ReportingPeriod/7/Export?format=xlsx',
    );
    // A submission manager monitors; changing the periods is not theirs.
    expect(screen.queryByRole('link', { name: 'Add a reporting period' })).not.toBeInTheDocument();
    expect(within(april).queryByRole('link', { name: /Change dates/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Closed (12)' }));
    expect(await screen.findByText('1 reporting period')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('state=Closed'))).toBe(true);
    expect(screen.getByText('Closed (12)').closest('[aria-current="page"]')).not.toBeNull();
  });

  it('says the collection has no scheduled reporting periods when it has none', async () => {
    openPeriodsPage(() => ({ ...list([]), states: { Open: 0, Future: 0, Closed: 0 } }));
    expect(await screen.findByText('This collection has no scheduled reporting periods')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
