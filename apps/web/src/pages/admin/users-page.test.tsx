import type { CurrentUser } from '@dcf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, users, withCsrfCookie } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

const cara = {
  id: 2,
  name: 'Cara Admin',
  email: 'collection.admin@dcf.example',
  providerCode: 'X24',
  idpId: 'dev|cara',
};
const administrators = [{ ...cara, isCollectionAdmin: true, isManagementOrganisationUser: true }];
const userRows = Array.from({ length: 25 }, (_, i) => ({
  id: 100 + i,
  name: `User ${i + 1}`,
  email: `user${i + 1}@dcf.example`,
  providerCode: 'RJ1',
  idpId: null,
}));

// The route's page loads lazily: load it once before the tests, so the first one does not wait on it.
beforeAll(() => import('./users-page'));

let currentUser: CurrentUser;
let registerResponse: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

withCsrfCookie();

beforeEach(() => {
  currentUser = users.superAdmin;
  registerResponse = () =>
    jsonResponse({ id: 300, name: null, email: 'new@dcf.example', providerCode: null, idpId: null }, 201);
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/v1/api/User/Current') return jsonResponse(currentUser);
    if (url.pathname === '/v1/api/Collection/Administrators' && method === 'GET')
      return jsonResponse(administrators);
    if (url.pathname === '/v1/api/Collection/Administrators' && method === 'POST') return jsonResponse({});
    if (url.pathname === '/v1/api/User' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? '1');
      return jsonResponse({ items: page === 1 ? userRows : [cara], total: 26 });
    }
    if (url.pathname === '/v1/api/User' && method === 'POST') return registerResponse();
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function calls(method: string, pathname: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method,
  );
}

describe('/collection/admin/users', () => {
  it('a super administrator removes a collection administrator after confirming', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/collection/admin/users');
    const list = await screen.findByRole('table', { name: 'Collection administrators' });
    expect(within(list).getByRole('cell', { name: 'Cara Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nominate' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Remove/ }));
    expect(calls('POST', '/v1/api/Collection/Administrators')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(calls('POST', '/v1/api/Collection/Administrators')).toHaveLength(1));
    const [, init] = calls('POST', '/v1/api/Collection/Administrators')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 2, isCollectionAdmin: false });
  });

  it('a super administrator nominates users picked in the users search widget', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/collection/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Nominate' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Search by name or email address'), 'User 3');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /User 3\b/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));

    await waitFor(() => expect(calls('POST', '/v1/api/Collection/Administrators')).toHaveLength(1));
    const [, init] = calls('POST', '/v1/api/Collection/Administrators')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 102, isCollectionAdmin: true });
    expect(await screen.findByText('Collection administrators saved')).toBeInTheDocument();
  });

  it('a collection administrator sees the administrators read-only', async () => {
    currentUser = users.collectionAdmin;
    renderRoutes(routes, '/collection/admin/users');
    const list = await screen.findByRole('table', { name: 'Collection administrators' });
    expect(within(list).getByRole('cell', { name: 'Cara Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nominate' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('lists users a page at a time and searches by the term typed', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/collection/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('User 1')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 2/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/Page 2 of 2/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Users' })).getByText('collection.admin@dcf.example'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name, email or ODS code'), 'RJ1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const searched = calls('GET', '/v1/api/User').map(
        ([input]) => new URL(String(input), 'http://localhost'),
      );
      expect(
        searched.some((u) => u.searchParams.get('query') === 'RJ1' && u.searchParams.get('page') === '1'),
      ).toBe(true);
    });
  });

  it('registers a user by email and shows the API validation errors in the error summary', async () => {
    const user = userEvent.setup();
    registerResponse = () =>
      jsonResponse({ code: 'validation_failed', errors: { email: ['Enter a valid email address'] } }, 400);
    renderRoutes(routes, '/collection/admin/users');
    await user.type(await screen.findByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    const [, init] = calls('POST', '/v1/api/User')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'not-an-email' });

    registerResponse = () =>
      jsonResponse({ id: 300, name: null, email: 'new@dcf.example', providerCode: null, idpId: null }, 201);
    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'new@dcf.example');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('new@dcf.example has been registered')).toBeInTheDocument();
  });
});
