import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { demoUsers } from '../apps/api/src/db/seed/demo-users';

/** WCAG 2.2 AA: every level-A and level-AA rule up to 2.2 that axe knows. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The demo accounts of the development identity provider (apps/api/src/db/seed/demo-users.ts). */
export type PersonaName =
  | 'superAdmin'
  | 'collectionAdmin'
  | 'manager'
  | 'submissionManager'
  | 'clerkA'
  | 'authoriserA'
  | 'clerkB'
  | 'authoriserB'
  | 'nhsi';

/** Where sign-in starts: a full-page GET that the identity provider answers with its sign-in page. */
export const LOGIN_PATH = '/v1/api/Auth/Login';

/**
 * Checks the page with axe against WCAG 2.2 AA and fails with a readable list of what is wrong.
 * Pages must come from `browser.newContext()` (Playwright's `page` fixture does).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const readable = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} -> ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(readable, `axe found accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Signs in as one of the demo personas through the real OIDC flow: GET /v1/api/Auth/Login, the
 * development identity provider's page under /oidc/... lists the demo accounts with a button each,
 * pressing one returns to the app signed in.
 *
 * Works against the development provider as built (the button's accessible name contains the persona's
 * display name); the sign-in engineer owns refinements (e.g. returnTo). When the page is missing it fails
 * with a clear message rather than pretending to sign in.
 */
export async function signInAs(page: Page, personaName: PersonaName): Promise<void> {
  const persona = demoUsers.find((u) => u.key === personaName);
  if (!persona) throw new Error(`signInAs: no demo persona called '${personaName}'`);
  const response = await page.goto(LOGIN_PATH);
  if (!page.url().includes('/oidc/') || (response && response.status() >= 400)) {
    throw new Error(
      `signInAs('${personaName}'): the development sign-in page is not available yet ` +
        `(GET ${LOGIN_PATH} ended at ${page.url()} with status ${response?.status() ?? 'none'})`,
    );
  }
  await page.getByRole('button', { name: new RegExp(escapeRegExp(persona.name)) }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc/') && !url.pathname.startsWith('/v1/'));
  await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The test object every spec imports: Playwright's, with baseURL taken from the app that
 * global-setup.ts started (workers inherit E2E_BASE_URL).
 */
export const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
});

/** A day in milliseconds, for period dates built relative to now. */
export const DAY = 86_400_000;

/** page.request with the anti-forgery header, failing the test on an unexpected status. */
export function apiOf(page: Page) {
  return async <T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    data?: unknown,
    status = 200,
  ) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.fetch(`/v1/api${url}`, {
      method,
      data,
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(csrf) },
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
}

export type Api = ReturnType<typeof apiOf>;

/**
 * The person comes back to this window (as switching windows or tabs does): the window's focus and
 * visibilitychange events, never a reload. What the product reads again then (decision 0036): the
 * return's form page (the view and the lock) and the worklists (home counts and lists).
 */
export async function comeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

export { expect };

/** The page's title: its h1, named `name`. */
export const pageTitle = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The declaration a submit ticks on the check-your-answers page. */
export const DECLARATION = 'I confirm that the information in this return is correct and complete';

/** From the return's form: Submit, tick the declaration on the check-your-answers page, Submit return. */
export async function submitWithDeclaration(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel(DECLARATION).check();
  await page.getByRole('button', { name: 'Submit return' }).click();
}

/**
 * On a return's Revisions page: ticks the revisions in rows `first` and `second` (from 0, latest first),
 * compares them, and gives the rows the comparison marks as changed.
 */
export async function compareRevisions(page: Page, first: number, second: number): Promise<Locator> {
  const rows = page.locator('tbody tr');
  await rows.nth(first).getByRole('checkbox').check();
  await rows.nth(second).getByRole('checkbox').check();
  await page.getByRole('link', { name: 'Compare the two selected' }).click();
  return page.locator('tr.dcf-compare__changed');
}

/**
 * Types `yyyy-MM-dd` ('' to clear) into the NHS date input named `name` (its legend), box by box as a
 * person would: Day, Month and Year (decision 0037).
 */
export async function fillDate(scope: Page | Locator, name: string | RegExp, iso: string): Promise<void> {
  const group = scope.getByRole('group', typeof name === 'string' ? { name, exact: true } : { name });
  const [year = '', month = '', day = ''] = iso === '' ? [] : iso.split('-');
  await group.getByLabel('Day', { exact: true }).fill(day === '' ? '' : String(Number(day)));
  await group.getByLabel('Month', { exact: true }).fill(month === '' ? '' : String(Number(month)));
  await group.getByLabel('Year', { exact: true }).fill(year);
}

/** What an NHS date input shows, as `yyyy-MM-dd` ('' when empty). */
export async function dateShown(scope: Page | Locator, name: string | RegExp): Promise<string> {
  const group = scope.getByRole('group', typeof name === 'string' ? { name, exact: true } : { name });
  const box = (label: string) => group.getByLabel(label, { exact: true }).inputValue();
  const [day, month, year] = [await box('Day'), await box('Month'), await box('Year')];
  if (!day && !month && !year) return '';
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
