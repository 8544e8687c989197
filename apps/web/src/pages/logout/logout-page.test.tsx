import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../app/browser';
import { routes } from '../../app/router';
import { jsonResponse, users, withCsrfCookie } from '../../test/fixtures';
import { findPageTitle, renderRoutes } from '../../test/render';

let logoutResponse: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

withCsrfCookie();

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/v1/api/User/Current') return jsonResponse(users.manager);
    if (url === '/v1/api/Auth/Logout') return logoutResponse();
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function logoutCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/v1/api/Auth/Logout');
}

describe('/logout', () => {
  it('signs out with a POST carrying the CSRF header, then offers to sign in again', async () => {
    logoutResponse = () => jsonResponse({ redirectUrl: null });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderRoutes(routes, '/logout');

    expect(await findPageTitle('You have been signed out')).toBeInTheDocument();
    expect(logoutCalls()).toHaveLength(1);
    const [, init] = logoutCalls()[0]!;
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-XSRF-TOKEN')).toBe('csrf-1');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in again' }).closest('form')).toHaveAttribute(
      'action',
      '/v1/api/Auth/Login',
    );
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('goes on to the identity provider when the API returns a redirectUrl', async () => {
    logoutResponse = () =>
      jsonResponse({ redirectUrl: 'https://login.example.nhs.uk/logout?id_token_hint=x' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderRoutes(routes, '/logout');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://login.example.nhs.uk/logout?id_token_hint=x'),
    );
    expect(screen.queryByRole('heading', { name: 'You have been signed out' })).not.toBeInTheDocument();
  });

  it('copes with a 204 answer', async () => {
    logoutResponse = () => new Response(null, { status: 204 });
    renderRoutes(routes, '/logout');
    expect(await findPageTitle('You have been signed out')).toBeInTheDocument();
  });

  it('says so when signing out fails, and can try again', async () => {
    const user = userEvent.setup();
    logoutResponse = () => jsonResponse({ title: 'Forbidden', status: 403 }, 403);
    renderRoutes(routes, '/logout');
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();

    logoutResponse = () => jsonResponse({ redirectUrl: null });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await findPageTitle('You have been signed out')).toBeInTheDocument();
  });
});
