import { messages } from '@dcf/domain';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, LOGIN_PATH, signInAs, test } from './fixtures';

/**
 * The walking skeleton: the built web app, served by the real API on a fresh embedded database, opened in
 * Debian's Chromium. It proves the whole path once (server, static files, client-side routing, shared
 * layout, health) before the journeys of each role widen it.
 */

async function expectHeaderAndFooter(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  await expect(header).toContainText('Data Collection Framework');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  await expect(footer).toContainText(/©\s*Crown copyright/);
}

test.describe('public pages', () => {
  test('/logout shows the header without navigation, the footer, and passes axe', async ({ page }) => {
    await page.goto('/logout');
    await expectHeaderAndFooter(page);
    // Navigation is hidden on /logout (specification, section 2).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Manager' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/logout$/);
    await expectNoAxeViolations(page);
  });

  test('/error shows the support-desk message with the header and footer, and passes axe', async ({
    page,
  }) => {
    await page.goto('/error');
    await expectHeaderAndFooter(page);
    await expect(page.getByRole('main')).toContainText(messages.serviceProblem);
    await expect(page.getByRole('main')).toContainText('Data Collections');
    // The support desk is quoted the current date-time as dd/MM/yyyy HH:mm:ss.
    await expect(page.getByRole('main')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(page).toHaveURL(/\/error$/);
    await expectNoAxeViolations(page);
  });
});

test.describe('landing page', () => {
  test('an unauthenticated visitor is sent to sign-in by a submitted form (a full-page GET)', async ({
    page,
  }) => {
    const signIn = page.waitForRequest((request) => new URL(request.url()).pathname === LOGIN_PATH);
    await page.goto('/');
    const request = await signIn;
    // A submitted form, not fetch(): the browser itself navigates so it can follow the redirects.
    expect(request.isNavigationRequest()).toBe(true);
    expect(request.method()).toBe('GET');
    expect(request.frame()).toBe(page.mainFrame());
  });

  test('the landing page is served by the built app with the header and footer, and passes axe', async ({
    page,
  }) => {
    // Answer the sign-in navigation with 204 No Content, which leaves the browser on the page it was on,
    // so the landing page can be checked as the visitor saw it before leaving.
    let signInStarted = false;
    await page.route(`**${LOGIN_PATH}*`, (route) => {
      signInStarted = true;
      return route.fulfill({ status: 204 });
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveTitle(/Data Collection Framework/);
    await expect(page.getByRole('banner')).toContainText('Data Collection Framework');
    await expect(page.getByRole('contentinfo')).toContainText(/©\s*Crown copyright/);
    await expect.poll(() => signInStarted).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test('a signed-in manager comes back to the app with the navigation of their role, and passes axe', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const navigation = page.getByRole('banner').getByRole('navigation');
  await expect(navigation.getByRole('link', { name: 'Manager' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expectHeaderAndFooter(page);
  await expectNoAxeViolations(page);
});

test('/health redirects to the API health, which reports status ok with the database', async ({
  request,
}) => {
  const response = await request.get('/health');
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).pathname).toBe('/v1/api/health');
  const body = await response.json();
  expect(body).toMatchObject({ status: 'ok', database: { status: 'ok', kind: 'pglite' } });
});

test('an unknown API path answers problem details, not the web app', async ({ request }) => {
  const response = await request.get('/v1/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/problem+json');
});
