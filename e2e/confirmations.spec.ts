import { publishedCollection, signedInPage } from './factories';
import { expect, expectNoAxeViolations, pageTitle, submitWithDeclaration, test } from './fixtures';

/**
 * Decision 0037: the end of a return's journey is confirmed on a confirmation page (GOV.UK pattern:
 * the panel is the page's h1 and takes focus, what happens next, the return and the next one), for
 * the clerk who submits, the NHSI user who authorises and the manager who sends it back. A collection
 * of its own requires NHSI authorisation, so the demo collection's returns are untouched.
 */

test('a submit, an NHSI authorisation and a return for correction each end on a confirmation page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const manager = await signedInPage(browser, 'manager');
  const collection = await publishedCollection(manager.api, {
    name: `Confirmations ${Date.now()}`,
    nhsiAuthorisation: 'mandatory',
    codes: ['RJ1'],
    access: [{ code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] }],
  });
  const formUrl = collection.formUrl('RJ1');

  // The clerk submits: the panel says so and has focus; NHSI authorisation is what happens next.
  const clerk = await signedInPage(browser, 'clerkA');
  await clerk.page.goto(formUrl);
  await clerk.page.getByLabel(/^Headcount/).fill('40');
  await submitWithDeclaration(clerk.page);
  await expect(pageTitle(clerk.page, 'Return submitted')).toBeFocused();
  await expect(clerk.page.locator('.nhsuk-panel')).toContainText(`${collection.name}`);
  await expect(clerk.page.getByText(/NHSI \(the regulator\) will now check and authorise it/)).toBeVisible();
  await expect(clerk.page.getByRole('heading', { level: 2, name: 'Your next return' })).toBeVisible();
  await expect(clerk.page).toHaveTitle('Return submitted - Data Collection Framework');
  await expectNoAxeViolations(clerk.page);
  await clerk.page.screenshot({ path: '/tmp/confirmation-submitted.png', fullPage: true });
  await clerk.page.getByRole('link', { name: 'View the return' }).click();
  await expect(clerk.page.getByText('This return is awaiting NHSI authorisation.')).toBeVisible();
  await clerk.close();

  // The NHSI user authorises from the return and is led back to the NHSI worklist.
  const nhsi = await signedInPage(browser, 'nhsi');
  await nhsi.page.goto(formUrl);
  await nhsi.page.getByRole('button', { name: 'Authorise for NHSI' }).click();
  await expect(pageTitle(nhsi.page, 'Return authorised for NHSI')).toBeFocused();
  const crumbs = nhsi.page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Waiting for NHSI authorisation' })).toBeVisible();
  await expect(nhsi.page.getByRole('link', { name: 'See the whole list' })).toBeVisible();
  await expectNoAxeViolations(nhsi.page);
  await nhsi.page.screenshot({ path: '/tmp/confirmation-nhsi.png', fullPage: true });
  await nhsi.close();

  // The manager sends it back with a reason and goes back to the period's monitoring.
  await manager.page.goto(formUrl);
  await manager.page.getByLabel('Reason for returning it for correction').fill('Headcount looks high');
  await manager.page.getByRole('button', { name: 'Return for correction' }).click();
  await expect(pageTitle(manager.page, 'Return sent back for correction')).toBeFocused();
  await expectNoAxeViolations(manager.page);
  await manager.page.getByRole('link', { name: /^Back to the returns of / }).click();
  await expect(manager.page).toHaveURL(new RegExp(`${collection.periodUrl}$`));
  await manager.close();
});
