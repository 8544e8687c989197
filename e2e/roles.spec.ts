import type { Page } from '@playwright/test';
import { demoUsers } from '../apps/api/src/db/seed/demo-users';
import { expect, expectNoAxeViolations, LOGIN_PATH, type PersonaName, signInAs, test } from './fixtures';

/**
 * One journey per demo persona : sign in through the development identity provider,
 * see exactly the menu of the persona's access (specification, section 2: Submitter for submitters,
 * Manager for collection/submission managers, Admin for super and collection administrators, Logout
 * always), sign out, and be sent to sign-in when opening a protected route. One browser context each.
 *
 * The expected menus follow the seed (apps/api/src/db/seed/demo-users.ts) and the flags GET /User/Current
 * derives from it (apps/api/src/modules/users/service.ts): isCollectionManager = any collection role,
 * isCollectionSubmitter = any organisation role in a collection, admin = super admin or nominated
 * collection administrator.
 */
type MenuLabel = 'Submitter' | 'Manager' | 'Admin' | 'Logout';
const ALL_LABELS: MenuLabel[] = ['Submitter', 'Manager', 'Admin', 'Logout'];

const expectedMenus: Record<PersonaName, MenuLabel[]> = {
  superAdmin: ['Admin', 'Logout'],
  collectionAdmin: ['Admin', 'Logout'],
  manager: ['Manager', 'Logout'],
  submissionManager: ['Manager', 'Logout'],
  clerkA: ['Submitter', 'Logout'],
  authoriserA: ['Submitter', 'Logout'],
  clerkB: ['Submitter', 'Logout'],
  authoriserB: ['Submitter', 'Logout'],
  // A management-organisation user with no role in any collection has no section, only Logout.
  nhsi: ['Logout'],
};

/** A route no anonymous visitor may open: the Manager home. */
const PROTECTED_ROUTE = '/collection/manage';

async function expectMenu(page: Page, expected: MenuLabel[]): Promise<void> {
  const navigation = page.getByRole('banner').getByRole('navigation');
  for (const label of ALL_LABELS) {
    await expect(navigation.getByRole('link', { name: label, exact: true })).toHaveCount(
      expected.includes(label) ? 1 : 0,
    );
  }
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true }).click();
  // /logout ends the app's session, then (RP-initiated logout) the development provider asks whether to
  // end its own session too; confirming returns to /logout, which shows the signed-out page.
  const confirmAtProvider = page.getByRole('button', { name: 'Yes, sign me out' });
  const signedOut = page.getByRole('heading', { name: 'You have been signed out' });
  await expect(confirmAtProvider.or(signedOut)).toBeVisible({ timeout: 20_000 });
  if (await confirmAtProvider.isVisible()) await confirmAtProvider.click();
  await expect(signedOut).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/logout$/);
  // The header of the signed-out page has no navigation links.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true })).toHaveCount(0);
}

async function expectSentToSignIn(page: Page): Promise<void> {
  await page.goto(PROTECTED_ROUTE);
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'));
  await expect(page.getByRole('button', { name: /Sign in as/ }).first()).toBeVisible();
}

test('the development sign-in page lists every demo account and passes axe', async ({ page }) => {
  await page.goto(LOGIN_PATH);
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'));
  for (const persona of demoUsers) {
    await expect(page.getByRole('button', { name: new RegExp(persona.name) })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

// Sign-in, two page loads, sign-out through the provider and axe take longer than the default on a busy machine.
// In order, in one worker: the last test nominates Morgan Manager (then removes them again), which must not
// race Morgan's own menu check.
test.describe.configure({ mode: 'default', timeout: 90_000 });

for (const persona of demoUsers) {
  const key = persona.key as PersonaName;
  test(`${persona.name} (${persona.description}) sees exactly ${expectedMenus[key].join(', ')}, signs out and is sent to sign-in`, async ({
    page,
  }) => {
    await signInAs(page, key);
    await expectMenu(page, expectedMenus[key]);
    if (key === 'superAdmin' || key === 'collectionAdmin') {
      await page.goto('/collection/admin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await signOut(page);
    await expectSentToSignIn(page);
  });
}

test('the super administrator nominates Morgan Manager as a collection administrator through the admin screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'superAdmin');
  await page.goto('/collection/admin');
  // The administration hub links to the users and roles screen, where administrators are nominated.
  await page.getByRole('main').getByRole('link', { name: 'Users and roles', exact: true }).click();
  await expect(page).toHaveURL(/\/collection\/admin\/users$/);
  const administrators = page.getByRole('table', { name: 'Collection administrators' });
  await expect(administrators.getByRole('cell', { name: 'Cara Admin', exact: true })).toBeVisible();
  await expect(administrators.getByRole('cell', { name: 'Morgan Manager', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Nominate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search by name or email address').fill('Morgan');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('checkbox', { name: /Morgan Manager/ }).check();
  await dialog.getByRole('button', { name: 'Select', exact: true }).click();

  await expect(administrators.getByRole('cell', { name: 'Morgan Manager', exact: true })).toBeVisible();
  await page.reload();
  await expect(administrators.getByRole('cell', { name: 'Morgan Manager', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Put the shared database back as the seed had it (other specs check Morgan's Manager-only menu).
  await administrators.getByRole('button', { name: 'Remove Morgan Manager' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(administrators.getByRole('cell', { name: 'Morgan Manager', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(administrators.getByRole('cell', { name: 'Cara Admin', exact: true })).toBeVisible();
  await expect(administrators.getByRole('cell', { name: 'Morgan Manager', exact: true })).toHaveCount(0);
});
