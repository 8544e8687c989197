import type { SubmitterPeriod } from '@dcf/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../app/paths';
import { jsonResponse, notFound, stubApi, submitterReturn, users } from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { SubmitterHomePage } from './submitter-home-page';

function period(id: number, overrides: Partial<SubmitterPeriod>): SubmitterPeriod {
  return {
    id,
    name: `Month ${id}`,
    start: '2026-05-01',
    end: '2026-05-31',
    submissionsOpen: `2026-0${id}-01T00:00:00.000Z`,
    submissionsClose: `2026-0${id}-21T00:00:00.000Z`,
    submissionsReopen: null,
    submissionsReclose: null,
    reportingPeriodStatus: 'Closed',
    windowStatus: 'Closed',
    status: 'missed',
    displayState: 'Missed',
    deadline: `2026-0${id}-21T00:00:00.000Z`,
    deadlineText: `closed on ${id} May 2026`,
    submissionId: null,
    lastChangedAt: null,
    lastChangedBy: null,
    submittedAt: null,
    submittedBy: null,
    awaitingNhsiAuthorisation: false,
    returnedReason: null,
    reopenedUntil: null,
    action: 'none',
    todo: 'Missed: the period closed without a return',
    ...overrides,
  };
}

/** One collection's block of GET /View/Submitter/Homes, for Trust A: no guidance and no periods unless given. */
function home(
  collection: { id: number; name: string },
  overrides: { guidance?: string | null; periods?: SubmitterPeriod[] } = {},
) {
  return {
    collection,
    organisation: { id: 10, name: 'Trust A', code: 'RA1' },
    isTrustAuthorisationRequired: false,
    isNhsiAuthorisationRequired: false,
    guidance: null,
    periods: [],
    ...overrides,
  };
}

/** Stubs the API with these handlers; anything else is not found. */
const stubHomeApi = (handlers: Record<string, () => Response>) => stubApi(handlers, notFound);

describe('SubmitterHomePage', () => {
  it('lists the open period per collection and organisation with its state, deadline and form link; Show earlier reveals the rest', async () => {
    const calls = stubHomeApi({
      'GET /View/Submitter/Homes': () =>
        jsonResponse({
          total: 2,
          items: [
            home(
              { id: 1, name: 'Beds' },
              {
                guidance: 'Count **every** bed open at midnight.',
                periods: [
                  period(1, {}),
                  period(2, {
                    reportingPeriodStatus: 'Open',
                    windowStatus: 'Open',
                    status: 'draft',
                    displayState: 'Open',
                    deadlineText: 'closes in 3 days',
                    action: 'continue',
                    todo: 'Finish and submit your draft',
                  }),
                ],
              },
            ),
            home({ id: 2, name: 'Staffing' }),
          ],
        }),
    });
    renderAtRoute(paths.submitterHome, <SubmitterHomePage />, { user: users.submitter });
    const section = await screen.findByRole('region', { name: /Beds/ });
    const rows = () => within(section).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Month 2');
    expect(rows()[0]).toHaveTextContent('Open');
    expect(rows()[0]).toHaveTextContent('closes in 3 days');
    expect(rows()[0]).toHaveTextContent('Finish and submit your draft');
    expect(within(rows()[0]!).getByRole('link', { name: 'Continue Month 2' })).toHaveAttribute(
      'href',
      '/form/collection/1/organisation/10/reportingPeriod/2',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Show earlier' }));
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('Missed');
    expect(within(rows()[0]!).queryByRole('link')).toBeNull();
    // Every collection, its periods and its guidance from one request (decision 0034).
    expect(section).toHaveTextContent('Guidance for Beds');
    expect(section).toHaveTextContent('Count every bed open at midnight.');
    expect(await screen.findByRole('region', { name: /Staffing/ })).toHaveTextContent(
      'No reporting periods yet.',
    );
    expect(calls.map((c) => c.url.pathname + c.url.search)).toEqual(['/v1/api/View/Submitter/Homes']);
  });

  it('leaves no collection out: more than one answer holds, and every return is in the paged table', async () => {
    stubHomeApi({
      'GET /View/Submitter/Homes': () => jsonResponse({ total: 51, items: [home({ id: 1, name: 'Beds' })] }),
      'GET /View/Submitter/Returns': () =>
        jsonResponse({
          total: 1,
          collections: [{ id: 51, name: 'Zebra count', guidance: null }],
          items: [
            submitterReturn({
              collection: { id: 51, name: 'Zebra count' },
              period: { id: 7, name: 'Month 7' },
              status: 'notStarted',
              deadline: '2026-12-21T00:00:00.000Z',
              action: 'start',
            }),
          ],
        }),
    });
    renderAtRoute(paths.submitterHome, <SubmitterHomePage />, { user: users.submitter });
    expect(await screen.findByText(/You submit for 51 collections/)).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: 'Your returns by organisation, collection and period',
    });
    expect(within(table).getByRole('link', { name: /^Start ?Month 7/ })).toHaveAttribute(
      'href',
      '/form/collection/51/organisation/10/reportingPeriod/7',
    );
    expect(screen.queryByRole('region', { name: /Beds/ })).toBeNull();
  });
});
