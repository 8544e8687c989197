import type { AccessToken } from '@dcf/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, users } from '../../test/fixtures';
import { findPageTitle, renderRoutes } from '../../test/render';

const PATH = '/v1/api/User/Current/AccessToken';
const existing: AccessToken = {
  id: 3,
  name: 'Power BI dashboard',
  scope: 'read',
  collectionId: null,
  collectionName: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  expiresAt: '2027-06-01T23:00:00.000Z',
  lastUsedAt: '2026-11-20T10:15:00.000Z',
};
const secret = `dcf_pat_${'x'.repeat(43)}`;

let tokens: AccessToken[];
let posted: unknown[];
let deleted: string[];

beforeEach(() => {
  tokens = [existing];
  posted = [];
  deleted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/v1/api/User/Current') return jsonResponse(users.submitter);
      if (url.pathname === '/v1/api/Collection') return jsonResponse({ items: [], total: 0 });
      if (url.pathname === PATH && method === 'GET') return jsonResponse({ items: tokens });
      if (url.pathname === PATH && method === 'POST') {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        const created: AccessToken = {
          ...existing,
          id: 4,
          name: body.name,
          scope: body.scope,
          lastUsedAt: null,
        };
        tokens = [created, ...tokens];
        return jsonResponse({ ...created, secret }, 201);
      }
      if (url.pathname.startsWith(`${PATH}/`) && method === 'DELETE') {
        deleted.push(url.pathname);
        tokens = tokens.filter((t) => !url.pathname.endsWith(`/${t.id}`));
        return new Response(null, { status: 204 });
      }
      return jsonResponse({}, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const inDays = (days: number) => DateTime.now().setZone('Europe/London').plus({ days });

async function typeDate(user: ReturnType<typeof userEvent.setup>, day: DateTime) {
  const group = screen.getByRole('group', { name: /Expiry date/ });
  await user.type(within(group).getByLabelText('Day'), String(day.day));
  await user.type(within(group).getByLabelText('Month'), String(day.month));
  await user.type(within(group).getByLabelText('Year'), String(day.year));
}

describe('AccessTokensPage', () => {
  it('is reached from the header’s account area and lists the tokens with when each was last used', async () => {
    renderRoutes(routes, '/collection/submit');
    const account = await screen.findByRole('navigation', { name: 'Account' });
    await userEvent.setup().click(within(account).getByRole('link', { name: 'API access tokens' }));
    expect(await findPageTitle('API access tokens')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your tokens' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader', { name: /Power BI dashboard/ })).toBeInTheDocument();
    expect(within(row).getByText('Read data')).toBeInTheDocument();
    expect(within(row).getByText('Every collection you can see')).toBeInTheDocument();
    expect(within(row).getByText('1 June 2027')).toBeInTheDocument();
    expect(within(row).queryByText('Never')).not.toBeInTheDocument();
  });

  it('says what is missing before sending, in the error summary and at each field', async () => {
    renderRoutes(routes, '/user/accessTokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter a name for the token' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Select what the token may do' })).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: 'Enter the date the token expires' }),
    ).toBeInTheDocument();
    await typeDate(user, inDays(400));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findAllByText('The expiry date must be within one year')).not.toHaveLength(0);
    expect(posted).toEqual([]);
  });

  it('creates a token and shows its secret once, with advice to copy it now', async () => {
    renderRoutes(routes, '/user/accessTokens');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Federation system');
    await user.click(screen.getByLabelText('Submit returns'));
    const expiry = inDays(90);
    await typeDate(user, expiry);
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('heading', { name: 'Token Federation system created' })).toHaveFocus();
    expect(screen.getByText(secret)).toBeInTheDocument();
    expect(screen.getByText(/You will not be able to see it again/)).toBeInTheDocument();
    expect(posted).toEqual([
      { name: 'Federation system', scope: 'submit', collectionId: null, expires: expiry.toISODate() },
    ]);
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('revokes a token after asking', async () => {
    renderRoutes(routes, '/user/accessTokens');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Your tokens' });
    await user.click(screen.getByRole('button', { name: /^Revoke\s*Power BI dashboard$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(
      await screen.findByText('Token Power BI dashboard revoked. It no longer works.'),
    ).toBeInTheDocument();
    expect(deleted).toEqual([`${PATH}/3`]);
    expect(await screen.findByText('You have no tokens.')).toBeInTheDocument();
  });
});
