import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, users } from '../test/fixtures';
import { findPageTitle, renderRoutes } from '../test/render';
import { browser } from './browser';
import { routes } from './router';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Plays the API at the network boundary: each test says how /v1/api answers. */
function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signedInAs(user: object): Handler {
  return (url) => (url === '/v1/api/User/Current' ? jsonResponse(user) : jsonResponse({}, 404));
}

let submit: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app shell', () => {
  it('shows a blank area while the current user loads, then the page in the layout', async () => {
    let release!: (response: Response) => void;
    stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    renderRoutes(routes, '/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();

    release(jsonResponse(users.manager));
    expect(await findPageTitle('Data Collection Framework')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© Crown copyright');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#maincontent',
    );
  });

  it('asks for the current user with credentials and a 3 second limit', async () => {
    const fetchMock = stubApi(signedInAs(users.manager));
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/api/User/Current');
    expect(init?.credentials).toBe('include');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('shows the error page when the current user cannot be fetched', async () => {
    stubApi(() => jsonResponse({ title: 'Internal Server Error', status: 500 }, 500));
    renderRoutes(routes, '/collection/manage');
    expect(await findPageTitle('Sorry, there is a problem with the service')).toBeInTheDocument();
    expect(screen.getByText(/Data Collections/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to the login endpoint with a submitted form', async () => {
    stubApi(signedInAs(users.anonymous));
    renderRoutes(routes, '/collection/admin/hidden?page=2');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/v1/api/Auth/Login');
    expect(form?.querySelector('input[type="hidden"][name="returnTo"]')).toHaveValue(
      '/collection/admin/hidden?page=2',
    );
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('treats a 401 from the current-user call as not signed in', async () => {
    stubApi(() => jsonResponse({ title: 'Unauthorized', status: 401 }, 401));
    renderRoutes(routes, '/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('lets a visitor who is not signed in open /error', async () => {
    stubApi(signedInAs(users.anonymous));
    renderRoutes(routes, '/error');
    expect(await findPageTitle('Sorry, there is a problem with the service')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('lets a visitor who is not signed in open /logout', async () => {
    stubApi(signedInAs(users.anonymous));
    renderRoutes(routes, '/logout');
    expect(await findPageTitle('You have been signed out')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows /error even when the current user cannot be fetched', async () => {
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderRoutes(routes, '/error');
    expect(await findPageTitle('Sorry, there is a problem with the service')).toBeInTheDocument();
  });

  it('sends /health to the API health endpoint', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {});
    stubApi(signedInAs(users.anonymous));
    renderRoutes(routes, '/health');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/v1/api/health'));
  });

  it('shows Forbidden when the user lacks the role for a screen', async () => {
    stubApi(signedInAs(users.submitter));
    renderRoutes(routes, '/collection/admin/audit');
    expect(await findPageTitle('Forbidden')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
  });

  it("shows a submitter their own home at the breadcrumb's Home (/collection/admin), never Forbidden", async () => {
    stubApi(signedInAs(users.submitter));
    renderRoutes(routes, '/collection/admin');
    expect(await findPageTitle('Collections to submit')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Forbidden' })).toBeNull();
  });

  it('shows a manager their collections and an administrator the administration hub at /collection/admin', async () => {
    stubApi(signedInAs(users.manager));
    const first = renderRoutes(routes, '/collection/admin');
    expect(await findPageTitle('Collections you manage')).toBeInTheDocument();
    first.unmount();
    stubApi(signedInAs(users.collectionAdmin));
    renderRoutes(routes, '/collection/admin');
    expect(await findPageTitle('Administration')).toBeInTheDocument();
    for (const name of [
      'Manage collections',
      'Create a collection',
      'Hidden collections',
      'Submissions overview',
      'Organisations',
      'Users and roles',
      'Audit log',
      'Email outbox',
    ])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    // Feature flags are changed by super administrators only.
    expect(screen.queryByRole('link', { name: 'Feature flags' })).toBeNull();
  });

  it('lets an administrator open manager screens', async () => {
    stubApi(signedInAs(users.collectionAdmin));
    renderRoutes(routes, '/collection/manage/submitterAccess/4');
    expect(await findPageTitle('Submitter access')).toBeInTheDocument();
  });

  it('says so for an address that matches no screen', async () => {
    stubApi(signedInAs(users.manager));
    renderRoutes(routes, '/no/such/page');
    expect(await findPageTitle('Page not found')).toBeInTheDocument();
  });

  it('moves focus to the new page heading after navigating', async () => {
    const user = userEvent.setup();
    stubApi(signedInAs(users.manager));
    renderRoutes(routes, '/');
    await findPageTitle('Data Collection Framework');
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    await user.click(within(nav).getByRole('link', { name: 'Manager' }));
    const heading = await findPageTitle('Collections you manage');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(nav).getByRole('link', { name: 'Manager' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('every route of the specification', () => {
  // Each path must reach its own screen (built, or the plain "not yet available" stand-in), never the
  // not-found, forbidden or error page, for a user who holds every role.
  const paths = [
    '/collection/submit',
    '/collection/manage',
    '/collection/admin',
    '/user/settings',
    '/collection/admin/manage',
    '/collection/admin/submissions',
    '/collection/admin/hidden',
    '/collection/create',
    '/collection/amend/12',
    '/collection/amend/12/schedule',
    '/collection/amend/12/default-schedule',
    '/collection/manage/reportingPeriod/33',
    '/collection/manage/submitterAccess/12',
    '/schedule/12',
    '/schedule/12/edit',
    '/organisation',
    '/organisation/manage/edit',
    '/organisation/manage/edit/7',
    '/collection/12/reportingPeriod',
    '/collection/12/reportingPeriod/33',
    '/collection/12/reportingPeriod/33/true',
    '/form/collection/12/organisation/7/reportingPeriod',
    '/form/collection/12/organisation/7/reportingPeriod/33',
    '/manage/collection/12/organisations',
  ];
  const failurePages = [
    'Page not found',
    'Forbidden',
    'Sorry, there is a problem with the service',
    'Sign in',
  ];

  it.each(paths)('%s opens its screen inside the layout', async (path) => {
    stubApi(signedInAs(users.everything));
    renderRoutes(routes, path);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).not.toBeEmptyDOMElement());
    for (const name of failurePages) {
      expect(within(main).queryByRole('heading', { level: 1, name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('opens the hidden collections list for an administrator (every screen is built now)', async () => {
    stubApi(signedInAs(users.everything));
    renderRoutes(routes, '/collection/admin/hidden');
    expect(await findPageTitle('Hidden collections')).toBeInTheDocument();
    expect(screen.getByText(/Archived collections are hidden from submitters/)).toBeInTheDocument();
  });

  it('/endSession says the session has ended and offers a sign-in, with only Logout in the header', async () => {
    stubApi(signedInAs(users.anonymous));
    renderRoutes(routes, '/endSession');
    expect(await findPageTitle('Your session has ended')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in again' }).closest('form')).toHaveAttribute(
      'action',
      '/v1/api/Auth/Login',
    );
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Logout']);
    expect(submit).not.toHaveBeenCalled();
  });
});
