import { openPeriodBody, publishedCollection } from './factories';
import { apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Decision 0025: a manager writes guidance for submitters on the collection's overview tab (with a
 * preview, bullets, bold and a link; markup that is not in the subset stays text), and the clerk
 * reads it on their home and above the form. The collection is its own (built through the API, RGT
 * its recipient and clerkB its clerk), so the demo collection other journeys read is never changed and
 * need not be on the first page of the manager's list; its guidance is removed at the end.
 */
test('a manager writes guidance on the overview tab; the clerk reads it on their home and the form page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'manager');
  const collection = await publishedCollection(apiOf(page), {
    name: `Guidance journey ${Date.now()}`,
    codes: ['RGT'],
    period: openPeriodBody({ name: 'Guidance period' }),
    access: [{ code: 'RGT', persona: 'clerkB', roles: ['DataEntryClerk'] }],
  });
  await page.goto(collection.amendUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Amend collection' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Guidance for submitters' });
  const box = form.getByLabel('Guidance (optional)');
  await box.fill(
    'Send your return by the **5th working day**.\n\n- Headcount on the last day\n- Vacancies\n\nQuestions: [the workforce team](mailto:workforce@nhs.example) <b>not bold</b>',
  );
  await expect(form.getByText(/characters remaining$/)).toBeVisible();
  // The preview shows exactly what submitters will see.
  await expect(form.locator('.nhsuk-inset-text strong')).toHaveText('5th working day');
  await expect(form.locator('.nhsuk-inset-text li')).toHaveCount(2);
  await expect(form.locator('.nhsuk-inset-text b')).toHaveCount(0);
  await expect(form.locator('.nhsuk-inset-text')).toContainText('<b>not bold</b>');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save guidance' }).click();
  await expect(page.getByText('Guidance saved')).toBeVisible();

  // Too long: refused on the page with the limit's message, nothing sent.
  await box.fill('x'.repeat(5001));
  await expect(form.getByText('You have 1 characters too many')).toBeVisible();
  await form.getByRole('button', { name: 'Save guidance' }).click();
  await expect(
    form.getByText(/Guidance can not exceed the maximum length of 5,000 characters/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().clearCookies();

  // The clerk: a closed "Guidance" on the home, open above the form.
  await signInAs(page, 'clerkB');
  await page.getByRole('link', { name: 'Submitter', exact: true }).click();
  const section = page.getByRole('region', { name: new RegExp(collection.name) });
  await section.locator('summary', { hasText: 'Guidance' }).click();
  await expect(section.getByRole('link', { name: /the workforce team/ })).toHaveAttribute(
    'href',
    'mailto:workforce@nhs.example',
  );
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section
    .getByRole('link', { name: /^(Start|Continue)/ })
    .first()
    .click();
  const guidance = page.getByTestId('collection-guidance');
  await expect(guidance.getByRole('heading', { name: `Guidance for ${collection.name}` })).toBeVisible();
  await expect(guidance.locator('strong')).toHaveText('5th working day');
  await expectNoAxeViolations(page);
  await page.context().clearCookies();

  // Removing it (an empty box) takes it off the form page again.
  await signInAs(page, 'manager');
  await page.goto(collection.amendUrl);
  await page.getByLabel('Guidance (optional)').fill('');
  await page.getByRole('button', { name: 'Save guidance' }).click();
  await expect(page.getByText('Guidance removed')).toBeVisible();
});
