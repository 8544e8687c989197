import type { WorklistItem } from '@dcf/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, makeUser, notFound, stubApi, worklistItem } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

// The route's page loads lazily: load it once before the tests.
beforeAll(() => import('./worklist-page'));

const authoriser = makeUser({
  isCollectionSubmitter: true,
  collectionOrganisationRoles: [{ role: 'Authoriser', collectionId: 1, organisationId: 10 }],
});

const item = worklistItem({
  organisation: { id: 10, name: "Guy's and St Thomas'", code: 'RJ1' },
  period: { id: 7, name: 'April 2026' },
  changedAt: '2026-05-03T09:00:00.000Z',
  changedBy: 'Chris Clerk',
  deadline: '2026-05-10T22:59:59.000Z',
});

/** The API as the authoriser sees it, with `items` waiting for their sign-off. */
const stubSignOff = (items: WorklistItem[]) =>
  stubApi(
    {
      'GET /User/Current': () => jsonResponse(authoriser),
      'GET /View/Worklist/SignOff': () => jsonResponse({ items, total: items.length }),
    },
    notFound,
  );

describe('/worklist/signOff', () => {
  it('lists what waits for sign-off, each linking to the return', async () => {
    stubSignOff([item]);
    renderRoutes(routes, '/worklist/signOff');
    const table = await screen.findByRole('table', { name: 'Waiting for your sign-off' });
    const row = within(table).getByRole('row', { name: /RJ1/ });
    expect(row).toHaveTextContent('Monthly workforce return: April 2026');
    expect(row).toHaveTextContent('by Chris Clerk');
    expect(within(row).getByRole('link', { name: /Check and submit/ })).toHaveAttribute(
      'href',
      '/form/collection/1/organisation/10/reportingPeriod/7',
    );
  });

  it('says so when nothing waits', async () => {
    stubSignOff([]);
    renderRoutes(routes, '/worklist/signOff');
    expect(await screen.findByText('Nothing is waiting for your sign-off.')).toBeInTheDocument();
  });
});
