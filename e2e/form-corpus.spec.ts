import { checkDefinition } from '@dcf/forms/convert/check-definition';
import { sampleAnswers } from '@dcf/forms/testing/sample-answers';
import type { Page } from '@playwright/test';
import { corpus, readCorpusDefinition } from '../test-data/formio-corpus';
import { apiOf, DAY, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * Every real public Form.io form of the corpus (test-data/formio-corpus) that can be uploaded (no custom
 * JavaScript, or JavaScript that converts to JSON Logic), in the browser: a manager uploads it into a
 * collection of its own through the API; the first trust's clerk opens the return, which shows with no
 * console error; a complete answer set (the corpus' sample answers, as a backup of unsaved typing to
 * restore: every component shows an answer) is restored, the page is axe clean, and the draft saves.
 */

const uploadable = corpus.filter(
  (entry) => checkDefinition(readCorpusDefinition(entry) as never).problems.length === 0,
);

/** A published collection with this form, open for the first trust's clerk; returns the form's address. */
async function setUp(page: Page, name: string, definition: unknown) {
  const api = apiOf(page);
  const { id: collectionId } = await api<{ id: number }>(
    'POST',
    '/Collection',
    {
      name: `Corpus ${name} ${Date.now()}`,
      period: 'financialYear',
      trustAuthorisation: 'notRequired',
      nhsiAuthorisation: 'notRequired',
    },
    201,
  );
  await api('POST', `/Collection/${collectionId}/Form`, { definition }, 201);
  const found = await api<{ items: { id: number; code: string }[] }>('GET', '/Organisation?query=RJ1');
  const organisation = found.items.find((o) => o.code === 'RJ1')!;
  await api('PUT', `/Collection/${collectionId}/Organisation/Bulk`, { add: [organisation.id] });
  const now = Date.now();
  const start = new Date(now - 10 * DAY).toISOString().slice(0, 10);
  const period = await api<{ id: number }>(
    'POST',
    `/Collection/${collectionId}/ReportingPeriod`,
    {
      collectionId,
      name: 'Corpus period',
      start,
      end: start,
      submissionsOpen: new Date(now - DAY).toISOString(),
      submissionsClose: new Date(now + 3 * DAY).toISOString(),
    },
    201,
  );
  await api('PATCH', `/Collection/${collectionId}/Status`, { status: 'Published' });
  const users = await api<{ items: { id: number; email: string }[] }>(
    'GET',
    '/User?query=clerk.a%40dcf.example',
  );
  await api('PUT', `/Collection/${collectionId}/Organisation/${organisation.id}/SubmitterAccess`, {
    userId: users.items.find((u) => u.email === 'clerk.a@dcf.example')!.id,
    roles: ['DataEntryClerk'],
  });
  return {
    url: `/form/collection/${collectionId}/organisation/${organisation.id}/reportingPeriod/${period.id}`,
    backupKey: `dcf:form-backup:${collectionId}:${period.id}:${organisation.id}`,
  };
}

test('the corpus has forms to try', () => {
  expect(uploadable.length).toBeGreaterThanOrEqual(25);
});

for (const entry of uploadable) {
  test(`corpus form "${entry.name}" renders, is axe clean with every answer shown, and saves`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const definition = readCorpusDefinition(entry);
    await signInAs(page, 'manager');
    const form = await setUp(page, entry.name, definition);

    const context = await browser.newContext();
    const clerk = await context.newPage();
    const problems: string[] = [];
    clerk.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    clerk.on('pageerror', (error) => problems.push(error.message));
    await signInAs(clerk, 'clerkA');
    // The sample answers as this tab's unsaved typing, offered for restoring when the return opens.
    const backup = {
      data: sampleAnswers(definition.components as never),
      completedPages: [],
      baseRevisionId: null,
      changedAt: new Date().toISOString(),
    };
    await clerk.addInitScript(
      ([key, value]) => window.sessionStorage.setItem(key as string, value as string),
      [form.backupKey, JSON.stringify(backup)],
    );
    await clerk.goto(form.url);
    await clerk.getByRole('button', { name: 'Restore my changes' }).click();
    await expect(clerk.getByRole('button', { name: 'Save draft' })).toBeEnabled();
    await expect(clerk.locator('.dcf-form')).toBeVisible();
    await expectNoAxeViolations(clerk);
    await clerk.getByRole('button', { name: 'Save draft' }).click();
    await expect(clerk.getByText('Successfully saved.')).toBeVisible();
    expect(problems, 'console errors').toEqual([]);
    await context.close();
  });
}
