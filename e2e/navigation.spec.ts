import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, type PersonaName, signInAs, test } from './fixtures';

/**
 * Every role finds its work (issue 14, item 1; decisions 0020 and 0025): from `/`, by clicks only,
 * each role reaches every screen it may use, each with its heading and an axe check. The seed's demo
 * collection ("Monthly workforce return", one open period) is the one set up and monitored.
 */

const DEMO = 'Monthly workforce return';
test.describe.configure({ timeout: 240_000 });

async function expectScreen(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoAxeViolations(page);
}

/** Signs in, then starts from the landing page as a person would. */
async function start(page: Page, persona: PersonaName) {
  await signInAs(page, persona);
  await page.goto('/');
}

const menu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name, exact: true });
const main = (page: Page) => page.getByRole('main');

/** Opens the menu's `section`, then the link named `link` on its page. */
async function viaMenu(page: Page, section: string, link: string) {
  await menu(page, section).click();
  await main(page).getByRole('link', { name: link, exact: true }).click();
}

/** Searches the collection list on the page for the demo collection. */
async function searchForDemo(page: Page) {
  await main(page).getByLabel('Search by collection name').fill(DEMO);
  await main(page).getByRole('button', { name: 'Search', exact: true }).click();
}

/** The accessibility statement, from the footer of whatever page is open. */
async function footerStatement(page: Page) {
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
  await expectScreen(page, /^Accessibility statement/);
}

/** Set up: the amend page of the demo collection and every one of its tabs, by their links. */
async function everySetUpTab(page: Page) {
  await expectScreen(page, 'Amend collection');
  const tabs = page.getByRole('navigation', { name: 'Collection sections' }).getByRole('link');
  const names = await tabs.allTextContents();
  expect(names).toEqual(
    expect.arrayContaining(['Overview', 'Organisations', 'Form', 'Schedule', 'Permissions']),
  );
  for (const name of names) {
    await tabs.filter({ hasText: name }).first().click();
    await expect(tabs.filter({ hasText: name }).first()).toHaveAttribute('aria-current', 'page');
    await expectScreen(page, 'Amend collection');
  }
}

async function administrator(page: Page, persona: 'superAdmin' | 'collectionAdmin') {
  await start(page, persona);
  await main(page).getByRole('link', { name: 'Administer the service' }).click();
  await expectScreen(page, 'Administration');
  const screens: [string, string | RegExp][] = [
    ['Manage collections', 'Manage collections'],
    ['Create a collection', 'Create a collection'],
    ['Hidden collections', 'Hidden collections'],
    ['Submissions overview', 'Submissions overview'],
    ['Organisations', 'Organisations'],
    ['Users and roles', 'Users and roles'],
    ['Audit log', 'Audit log'],
    ['Email outbox', 'Email outbox'],
  ];
  if (persona === 'superAdmin') screens.push(['Feature flags', 'Feature flags']);
  else await expect(main(page).getByRole('link', { name: 'Feature flags' })).toHaveCount(0);
  for (const [link, heading] of screens) {
    await viaMenu(page, 'Admin', link);
    await expectScreen(page, heading);
  }
  // From the collections list into a collection's set-up, and its monitoring from the overview.
  await viaMenu(page, 'Admin', 'Manage collections');
  await searchForDemo(page);
  await main(page).getByRole('link', { name: DEMO, exact: true }).click();
  await everySetUpTab(page);
  await viaMenu(page, 'Admin', 'Submissions overview');
  // Other journeys add collections, so the demo one may not be on the first page: find it by name.
  await searchForDemo(page);
  await main(page)
    .getByRole('link', { name: `Monitor ${DEMO}` })
    .click();
  await expectScreen(page, new RegExp(`^${DEMO}: `));
  await footerStatement(page);
}

test('super administrator: the hub and every administration screen, set-up and monitoring', async ({
  page,
}) => {
  await administrator(page, 'superAdmin');
});

test('collection administrator: the hub and every administration screen but feature flags', async ({
  page,
}) => {
  await administrator(page, 'collectionAdmin');
});

test('collection manager: their collections, set-up with every tab, monitoring and a new collection', async ({
  page,
}) => {
  await start(page, 'manager');
  await main(page).getByRole('link', { name: 'Manage collections' }).click();
  await expectScreen(page, 'Collections you manage');
  await main(page)
    .getByRole('link', { name: `Set up ${DEMO}`, exact: true })
    .click();
  await everySetUpTab(page);
  await viaMenu(page, 'Manager', `Monitor ${DEMO}`);
  await expectScreen(page, new RegExp(`^${DEMO}: `));
  await viaMenu(page, 'Manager', 'Create a collection');
  await expectScreen(page, 'Create a collection');
  // The breadcrumb's Home is the manager's own home, never 'Forbidden'.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forbidden' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await footerStatement(page);
});

test('submission manager: their collections and monitoring, no set-up', async ({ page }) => {
  await start(page, 'submissionManager');
  await main(page).getByRole('link', { name: 'Manage collections' }).click();
  await expectScreen(page, 'Collections you manage');
  await expect(main(page).getByRole('link', { name: `Set up ${DEMO}` })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Create a collection' })).toHaveCount(0);
  await main(page)
    .getByRole('link', { name: `Monitor ${DEMO}`, exact: true })
    .click();
  await expectScreen(page, new RegExp(`^${DEMO}: `));
  await footerStatement(page);
});

async function submitter(page: Page, persona: 'clerkA' | 'authoriserA') {
  await start(page, persona);
  const worklist = persona === 'clerkA' ? 'Returned to you' : 'Waiting for your sign-off';
  await main(page).getByRole('link', { name: worklist }).click();
  await expectScreen(page, worklist);
  await menu(page, 'Submitter').click();
  await expectScreen(page, 'Collections to submit');
  // One organisation (the demo personas' own; journeys that give them another take it back): a section
  // per collection, or, once other journeys have given RJ1 more collections than one answer holds, the
  // paged table of returns filtered by collection (its own journey: submitter-returns.spec.ts).
  const table = page.getByRole('table', { name: 'Your returns by organisation, collection and period' });
  const section = page.getByRole('region', { name: new RegExp(DEMO) });
  await expect(table.or(section).first()).toBeVisible();
  if (await table.isVisible()) {
    const filter = page.getByRole('form', { name: 'Filter returns' });
    await filter.getByLabel('Collection').selectOption({ label: DEMO });
    await filter.getByLabel('Periods').selectOption('all');
    await filter.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('row').filter({ hasText: DEMO }).first()).toBeVisible();
  }
  await ((await table.isVisible()) ? table : section)
    .getByRole('link', { name: /^(Start|Continue|View)/ })
    .first()
    .click();
  await expectScreen(page, DEMO);
  // The breadcrumb leads back to the submitter's home.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Submitter' }).click();
  await expectScreen(page, 'Collections to submit');
  await footerStatement(page);
}

test('data entry clerk: returned work, their returns and the form', async ({ page }) => {
  await submitter(page, 'clerkA');
});

test('authoriser: what waits for their sign-off, their returns and the form', async ({ page }) => {
  await submitter(page, 'authoriserA');
});

test('management-organisation user: the NHSI worklist from the landing page', async ({ page }) => {
  await start(page, 'nhsi');
  await main(page).getByRole('link', { name: 'Authorise returns for NHSI' }).click();
  await expectScreen(page, 'Waiting for NHSI authorisation');
  // Their home (the breadcrumb's) is the same worklist, never 'Forbidden'.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
  await expectScreen(page, 'Waiting for NHSI authorisation');
  await footerStatement(page);
});
