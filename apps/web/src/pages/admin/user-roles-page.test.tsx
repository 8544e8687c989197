import type { UserRoles } from '@dcf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, users, withCsrfCookie } from '../../test/fixtures';
import { findPageTitle, renderRoutes } from '../../test/render';

const chris: UserRoles = {
  user: {
    id: 7,
    name: 'Chris Clerk',
    email: 'chris@dcf.example',
    providerCode: 'RJ1',
    jobTitle: null,
    idpStatus: 'active',
    isActive: true,
    lastSignInAt: null,
  },
  isSuperAdmin: false,
  isCollectionAdmin: false,
  isManagementOrganisationUser: false,
  collectionRoles: [{ collectionId: 3, collectionName: 'Workforce', role: 'collectionManager' }],
  organisationRoles: [
    {
      collectionId: 3,
      collectionName: 'Workforce',
      organisationId: 11,
      organisationName: 'Leeds Trust',
      organisationCode: 'RR8',
      role: 'DataEntryClerk',
      isFromElsewhere: true,
    },
  ],
  audit: [
    {
      id: 1,
      occurredAt: '2026-11-02T10:00:00Z',
      action: 'Organisation roles changed',
      by: 'Cara Admin',
      collectionName: 'Workforce',
      organisationName: 'Leeds Trust',
      before: [],
      after: ['DataEntryClerk'],
    },
  ],
};

beforeAll(() => import('./user-roles-page'));

let fetchMock: ReturnType<typeof vi.fn>;

withCsrfCookie();

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/v1/api/User/Current') return jsonResponse(users.superAdmin);
    if (url.pathname === '/v1/api/User/7/Roles') return jsonResponse(chris);
    if (url.pathname === '/v1/api/User/7/Role' && method === 'PUT')
      return jsonResponse({ ...chris, collectionRoles: [] });
    if (url.pathname === '/v1/api/User/7/Active' && method === 'PUT')
      return jsonResponse({ ...chris, user: { ...chris.user, isActive: false } });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function bodiesOf(method: string, pathname: string) {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === pathname &&
        (init?.method ?? 'GET') === method,
    )
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('/collection/admin/users/:userId', () => {
  it("shows the user's account, roles and changes, and takes a collection role away after confirming", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/collection/admin/users/7');
    expect(await findPageTitle('Chris Clerk')).toBeInTheDocument();
    expect(screen.getByText('chris@dcf.example')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System roles' })).toBeInTheDocument();
    const organisationRoles = screen.getByRole('table', { name: 'Organisation roles' });
    expect(within(organisationRoles).getByText('From another organisation')).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'Changes to this user' });
    expect(
      within(changes).getByText(/Organisation roles changed in Workforce for Leeds Trust/),
    ).toBeInTheDocument();

    const collectionRoles = screen.getByRole('table', { name: 'Collection roles' });
    await user.click(within(collectionRoles).getByRole('button', { name: /^Remove/ }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(bodiesOf('PUT', '/v1/api/User/7/Role')).toEqual([
        { scope: 'collection', collectionId: 3, role: 'collectionManager', granted: false },
      ]),
    );
    expect(await screen.findByText('Roles saved')).toBeInTheDocument();
  });

  it('deactivates the account after confirming', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/collection/admin/users/7');
    await user.click(await screen.findByRole('button', { name: 'Deactivate user' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(bodiesOf('PUT', '/v1/api/User/7/Active')).toEqual([{ active: false }]));
    expect(await screen.findByText('chris@dcf.example has been deactivated')).toBeInTheDocument();
  });
});
