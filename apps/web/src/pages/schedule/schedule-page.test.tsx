import type { ReportingPeriodDto } from '@dcf/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '../../app/paths';
import { jsonResponse, users } from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { SchedulePage } from './schedule-page';

function period(month: number, status: ReportingPeriodDto['reportingPeriodStatus']): ReportingPeriodDto {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    id: month,
    collectionId: 1,
    name: `Month ${month}`,
    start: `2026-${pad(month)}-01`,
    end: `2026-${pad(month)}-28`,
    formId: null,
    submissionsOpen: `2026-${pad(month)}-28T23:00:00.000Z`,
    submissionsClose: `2026-${pad(month + 1)}-05T23:00:00.000Z`,
    submissionsReopen: null,
    submissionsReclose: null,
    ifSubmissionReopens: false,
    reportingPeriodStatus: status,
    hasSubmissions: false,
  };
}

afterEach(() => vi.unstubAllGlobals());

const renderSchedule = (path: string) =>
  renderAtRoute(routePatterns.schedule, <SchedulePage />, { path: path, user: users.manager });

describe('SchedulePage', () => {
  it('shows the open period, then 3 more per Show earlier / Show later, dates in en-GB London', async () => {
    const list = [
      ...[1, 2, 3, 4, 5].map((m) => period(m, 'Closed')),
      period(6, 'Open'),
      ...[7, 8, 9, 10].map((m) => period(m, 'Future')),
    ].reverse();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/Collection/1/ReportingPeriod') ? jsonResponse(list) : jsonResponse({}, 404),
      ),
    );
    renderSchedule('/schedule/1');
    const rows = async () => (await screen.findAllByRole<HTMLTableRowElement>('row')).slice(1);
    expect(await rows()).toHaveLength(1);
    const open = (await rows())[0] as HTMLElement;
    expect(within(open).getByText('Month 6')).toBeInTheDocument();
    expect(within(open).getByText('Open')).toHaveClass('nhsuk-tag');
    expect(within(open).getByText('1 June 2026')).toBeInTheDocument();
    // 2026-06-28T23:00Z is midnight in London (BST); the exclusive close at 00:00 on 6 July is the 5th.
    expect(within(open).getByText('29 June 2026, 00:00')).toBeInTheDocument();
    expect(within(open).getByText('End of Sunday 5 July 2026')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier' }));
    expect((await rows()).map((r) => r.cells[0]?.textContent)).toEqual([
      'Month 3',
      'Month 4',
      'Month 5',
      'Month 6',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show later' }));
    expect(await rows()).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Show later' }));
    expect(await rows()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Show later' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier' }));
    expect(await rows()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Show earlier' })).not.toBeInTheDocument();
  });

  it('says when the collection has no periods', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderSchedule('/schedule/1');
    expect(await screen.findByText('This collection has no scheduled reporting periods')).toBeInTheDocument();
  });
});
