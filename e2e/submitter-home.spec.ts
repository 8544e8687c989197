import { expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * The submitter's home, on the seed only: the demo collection has monthly periods (closed,
 * one open, future) for Cambridge University Hospitals (RGT), where clerkB submits (clerkA gains organisations in other journeys).
 */
test('a clerk sees their periods with state, deadline and what needs doing, and opens the form', async ({
  page,
}) => {
  await signInAs(page, 'clerkB');
  await page.getByRole('link', { name: 'Submitter', exact: true }).click();
  await expect(page).toHaveURL(/\/collection\/submit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Collections to submit' })).toBeVisible();
  const section = page.getByRole('region', { name: /Monthly workforce return/ });
  await expect(section).toContainText('CAMBRIDGE UNIVERSITY HOSPITALS');
  const table = section.getByRole('table');

  // The open period is shown (with its deadline in days) and the closed and future ones are hidden.
  const open = table.getByRole('row').filter({ hasText: /closes (in \d+ days|tomorrow|today)/ });
  await expect(open).toHaveCount(1);
  const link = open.getByRole('link');
  await expect(link).toHaveAttribute(
    'href',
    /^\/form\/collection\/\d+\/organisation\/\d+\/reportingPeriod\/\d+$/,
  );
  await expect(table.getByText('Missed')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Show earlier reveals three closed periods, missed (the seed has no returns in them).
  await section.getByRole('button', { name: 'Show earlier' }).click();
  await expect(table.getByText('Missed', { exact: true })).toHaveCount(3);
  await expect(table.getByRole('cell', { name: /^closed on / })).toHaveCount(3);
  await section.getByRole('button', { name: 'Show later' }).click();
  await expect(table.getByText(/^opens on /).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await link.click();
  await expect(page).toHaveURL(/\/form\/collection\/\d+\/organisation\/\d+\/reportingPeriod\/\d+$/);
});
