import { answerLimits, evaluateForm, type FormDefinition } from '@dcf/forms';
import { walkAnswers, walkComponents } from '@dcf/forms/components';
import { checkDefinition } from '@dcf/forms/convert/check-definition';
import { answerSets } from '@dcf/forms/testing/answer-sets';
import type { Browser, Locator, Page } from '@playwright/test';
import { type CorpusEntry, corpus, readCorpusDefinition } from '../test-data/formio-corpus';
import { type Definition, openPeriodBody, publishedCollection } from './factories';
import { apiOf, expect, expectNoAxeViolations, signInAs, test } from './fixtures';

/**
 * The real public Form.io forms of the corpus (test-data/formio-corpus) in the browser, each uploadable
 * one (no custom JavaScript, or JavaScript that converts to JSON Logic) in a collection of its own,
 * opened by the first trust's clerk. Answers are put in as a backup of unsaved typing that the clerk
 * restores (every question then shows an answer). Three stories, one browser:
 *
 * 1. a wrong answer is refused in the NHS error pattern, the clerk follows the summary's link to the
 *    question, corrects it, and the draft saves (a form with no answer that a draft refuses saves the
 *    sample answers); no console error, axe clean with the messages shown;
 * 2. every question of every form, conditions lifted and wizards as one page, is axe clean and fits a
 *    375 px wide phone;
 * 3. a wizard, tabs and an edit grid are used with the keyboard alone, at desktop width and at 375 px.
 */

test.describe.configure({ mode: 'default' });

/** As Form.io reads it: a definition without `display` is a single-page form. */
const definitionOf = (entry: CorpusEntry) =>
  ({ display: entry.display, ...readCorpusDefinition(entry) }) as FormDefinition;

const uploadable = corpus.filter((entry) => checkDefinition(definitionOf(entry)).problems.length === 0);
interface Opened {
  url: string;
  backupKey: string;
  /** The definition as stored: custom JavaScript converted to JSON Logic, which the verdicts follow. */
  definition: FormDefinition;
}

/** A published collection with this form, open for the first trust's clerk. */
async function publish(manager: Page, name: string, definition: FormDefinition): Promise<Opened> {
  const collection = await publishedCollection(apiOf(manager), {
    name: `Corpus ${name} ${Date.now()}`,
    form: definition as Definition,
    codes: ['RJ1'],
    period: openPeriodBody({ name: 'Corpus period' }),
    access: [{ code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] }],
  });
  return {
    url: collection.formUrl('RJ1'),
    backupKey: `dcf:form-backup:${collection.id}:${collection.periodId}:${collection.organisation('RJ1').id}`,
    definition: collection.definition as FormDefinition,
  };
}

/** The clerk's own browser context, signed in, with every console error and page error collected. */
async function clerkSession(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await signInAs(page, 'clerkA');
  return { context, page, problems };
}

/** Opens the return with `answers` as the tab's unsaved typing and restores them. */
async function openWith(page: Page, form: Opened, answers: Record<string, unknown>) {
  // Nothing to answer (a form of text only): no backup, so the page offers nothing to restore.
  if (Object.keys(answers).length === 0) {
    await page.goto(form.url);
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeEnabled();
    return;
  }
  await page.evaluate(
    ([key, value]) => window.sessionStorage.setItem(key as string, value as string),
    [
      form.backupKey,
      JSON.stringify({
        data: answers,
        completedPages: [],
        baseRevisionId: null,
        changedAt: new Date().toISOString(),
      }),
    ],
  );
  await page.goto(form.url);
  // Bounded: an action waits for the test's 30 minutes otherwise, and a form whose backup the page does
  // not offer would hold the whole suite.
  await page.getByRole('button', { name: 'Restore my changes' }).click({ timeout: 60_000 });
  // The pointer leaves what is drawn where the banner was (a hovered link loses its underline).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  // The form's rules are there once it takes answers.
  await expect(page.locator('.dcf-form-status')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * The first answer set a draft refuses: an answer too long for its question, not an email, not matching
 * its pattern, words where a number is asked for, or longer than any answer may be.
 */
function wrongAnswers(definition: FormDefinition) {
  const sets = answerSets(definition.components as never);
  const sample = sets[0]![1];
  const variant = (name: string, path: string, value: unknown) => {
    const answers = structuredClone(sample);
    setAt(answers, path, value);
    sets.push([`${name} ${path}`, answers]);
  };
  walkAnswers(definition.components, sample, ({ component, path }) => {
    if (component.type === 'number' || component.type === 'currency') variant('words', path, 'many');
    // Longer than any answer may be (10,000 characters, decision 0014): a paste gone wrong.
    if (component.type === 'textfield' || component.type === 'textarea')
      variant('pasted', path, 'x'.repeat(answerLimits.maxTextLength + 1));
  });
  // Only questions the clerk is shown (a question under a `hidden` component is never drawn).
  const shown = new Set<string>();
  walkComponents(definition.components, ({ component, path }) => {
    if (component.hidden === true) return false;
    shown.add(path);
    return true;
  });
  for (const [name, answers] of sets) {
    const [kind, path = ''] = name.split(' ');
    if (!/^(long|email|pattern|words|pasted)$/.test(kind ?? '')) continue;
    if (!shown.has(path.replace(/\[\d+\]/g, '[*]'))) continue;
    const { errors } = evaluateForm(definition, answers, 'draft');
    if (Object.keys(errors).length > 0) return { name, answers, errors };
  }
  return null;
}

function setAt(data: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let holder = data;
  for (const part of parts.slice(0, -1)) holder = holder[part] as Record<string, unknown>;
  holder[parts.at(-1) as string] = value;
}

/**
 * What a form can be left out of: story 1 whole, story 1's wrong answer only (it saves the sample answers
 * instead), story 2.
 */
type Skip = 'story 1' | 'wrong answer' | 'story 2';

const noWrongAnswer = (why: string) => ({ why, skips: ['wrong answer'] as const });
/**
 * Forms of open-formulieren (nl-) and NAV (nav-): they bring component types the product maps to a checked
 * question (an IBAN, a BSN, a licence plate), for which the generated sample and its corrections are not
 * valid answers. The round trip (form-corpus-round-trip.spec.ts) types valid answers into every one of them.
 */
const checkedQuestions = (why: string) => ({ why, skips: ['story 1', 'story 2'] as const });

/**
 * The uploadable forms the first two stories do not take whole, why, and what skips them. The forms whose
 * wrong answer is skipped, in corpus order, are exactly those where no question a wrong answer could go to
 * is shown with the sample answers. A hidden question's answer is cleared and never checked, as Form.io
 * does (these forms' own fixtures in @formio/core test exactly that for the two panels).
 */
const leftOut: Record<string, { why: string; skips: readonly Skip[] }> = {
  'address-conditional': noWrongAnswer('its number and text field are shown only once an address is given'),
  'clear-on-hide-custom-condition': noWrongAnswer(
    'its text field is in a section whose condition (converted to JSON Logic) hides it',
  ),
  'clear-on-hide-hidden-parent': noWrongAnswer('its text field is under a component marked hidden'),
  'required-in-conditional-editgrid': noWrongAnswer('its edit grid is hidden by the choice the sample makes'),
  'conditionally-hidden-panel': noWrongAnswer(
    'its text field is in a panel hidden when the checkbox is ticked',
  ),
  'logically-hidden-panel': noWrongAnswer(
    'its text field is in a panel that logic hides when the checkbox is ticked',
  ),
  'day-conditional': noWrongAnswer('its text field is shown only for another day'),
  'logic-simple-triggers': noWrongAnswer(
    'its text field is shown only while a checkbox the sample ticks is not ticked',
  ),
  'file-upload': noWrongAnswer('it asks for a file only'),
  'select-boxes-plain': noWrongAnswer('it asks for ticks only'),
  'datagrid-container-conditionals': noWrongAnswer('it asks for radio buttons only'),
  'radio-in-datagrid': noWrongAnswer('it asks for radio buttons only'),
  'day-default-zeros': noWrongAnswer('it asks for a date only'),
  'checkbox-radio-type': noWrongAnswer('it asks for ticks only'),
  'bc-navigation-buttons': noWrongAnswer('it holds text only (its buttons ran code and were removed)'),
  // A draft refuses its generated sample (the engine's verdict), so it can be neither corrected to it nor
  // saved with it; the round trip types answers the form accepts (typeable-answers.ts).
  'bc-team-lunch-order': { why: 'its sample is not one of the lunch options', skips: ['story 1', 'story 2'] },
  'nl-iban': checkedQuestions('an IBAN'),
  'nl-bsn': checkedQuestions('a BSN'),
  'nl-licence-plate': checkedQuestions('a licence plate'),
  'nl-map': checkedQuestions('a map point'),
  'nav-year': checkedQuestions("NAV's year question"),
  'nav-select-boxes': checkedQuestions("NAV's select boxes"),
  'nav-radio-panel': checkedQuestions("NAV's radio panel"),
};

const skipsIt = (entry: CorpusEntry, skip: Skip) => leftOut[entry.name]?.skips.includes(skip) ?? false;
const formsOf = (story: Skip) => uploadable.filter((entry) => !skipsIt(entry, story));
const refusesSample = (definition: FormDefinition, sample: Record<string, unknown>) =>
  Object.keys(evaluateForm(definition, sample, 'draft').errors).length > 0;

test('every uploadable corpus form: a wrong answer is refused in the NHS error pattern, corrected, and the draft saves', async ({
  page,
  browser,
}) => {
  test.setTimeout(30 * 60_000);
  expect(uploadable.length).toBeGreaterThanOrEqual(25);
  await signInAs(page, 'manager');
  const clerk = await clerkSession(browser);
  const noWrongAnswerGiven: string[] = [];
  const sampleRefused: string[] = [];
  for (const entry of formsOf('story 1'))
    await test.step(entry.name, async () => {
      const form = await publish(page, entry.name, definitionOf(entry));
      const sample = answerSets(form.definition.components as never)[0]![1];
      const wrong = wrongAnswers(form.definition);
      if (!wrong) noWrongAnswerGiven.push(entry.name);
      // A form with no question to answer (text only) has no backup to restore and no draft to save:
      // the page would never offer 'Restore my changes'. The round trip (form-corpus-round-trip.spec.ts)
      // opens it.
      if (!wrong && Object.keys(sample).length === 0) return;
      // A form whose generated sample a draft refuses cannot be corrected to it nor saved with it (leftOut).
      if (refusesSample(form.definition, sample)) {
        sampleRefused.push(entry.name);
        return;
      }
      await openWith(clerk.page, form, wrong?.answers ?? sample);
      const save = clerk.page.getByRole('button', { name: 'Save draft' });
      if (wrong) {
        await save.click();
        await clerk.page.mouse.move(0, 0);
        const summary = clerk.page.getByRole('alert').filter({ hasText: 'There is a problem' });
        await expect(summary).toBeFocused({ timeout: 30_000 });
        // The server's verdict is the engine's: each message linked to its question.
        const expected = Object.entries(wrong.errors).flatMap(([path, list]) =>
          list.map((message) => ({ href: `#dcf-field-${path}`, message })),
        );
        const links = summary.getByRole('link');
        await expect(links).toHaveCount(expected.length);
        for (const [index, item] of expected.entries()) {
          await expect(links.nth(index)).toHaveText(item.message);
          await expect(links.nth(index)).toHaveAttribute('href', item.href);
        }
        await expectNoAxeViolations(clerk.page);
        const [path] = Object.keys(wrong.errors) as [string];
        await links.first().click();
        const field = clerk.page.locator(`[id="dcf-field-${path}"]`);
        await expect(field).toBeFocused();
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await field.fill(String(pathValue(sample, path)));
        // 'Failed to save.' shows for 3 s, the button ignoring presses meanwhile.
        await expect(save).not.toHaveAttribute('aria-disabled', 'true');
      }
      await save.click();
      await expect(clerk.page.getByText('Successfully saved.')).toBeVisible({ timeout: 30_000 });
      await expect(clerk.page.getByRole('alert').filter({ hasText: 'There is a problem' })).toHaveCount(0);
      if (!wrong) await expectNoAxeViolations(clerk.page);
      // The browser logs the refused save's 400 itself: that one was the point.
      const refusal = 'the server responded with a status of 400';
      expect(
        clerk.problems.filter((text) => !(wrong && text.includes(refusal))),
        'console errors',
      ).toEqual([]);
      clerk.problems.length = 0;
    });
  // Every other form had an answer a draft refuses, so the pattern was tried on each of them.
  expect(noWrongAnswerGiven).toEqual(
    formsOf('story 1')
      .filter((entry) => skipsIt(entry, 'wrong answer'))
      .map((entry) => entry.name),
  );
  // Only a form known to have such a sample is left out of story 1 (leftOut).
  expect(sampleRefused).toEqual([]);
  await clerk.context.close();
});

function pathValue(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.'))
    node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** Every question shown: conditions and logic lifted, nothing hidden but hidden answers, one page. */
function everyQuestionShown(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(everyQuestionShown);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'conditional' || key === 'logic' || key === 'customConditional') continue;
    if (key === 'hidden' && inner === true) continue;
    copy[key] = everyQuestionShown(inner);
  }
  return copy;
}

test('every question of every uploadable corpus form is axe clean and fits a 375 px wide phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(30 * 60_000);
  await signInAs(page, 'manager');
  const clerk = await clerkSession(browser, { width: 375, height: 800 });
  for (const entry of formsOf('story 2'))
    await test.step(entry.name, async () => {
      const definition = {
        ...(everyQuestionShown(definitionOf(entry)) as FormDefinition),
        display: 'form',
      } as FormDefinition;
      const form = await publish(page, `${entry.name} shown`, definition);
      const sample = answerSets(form.definition.components as never)[0]![1];
      // A sample a draft refuses could not be saved before the next form opens (leftOut).
      if (refusesSample(form.definition, sample)) return;
      await openWith(clerk.page, form, sample);
      await expectNoAxeViolations(clerk.page);
      const overflow = await clerk.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      expect(clerk.problems, 'console errors').toEqual([]);
      // Saved, so the next form opens without the unsaved-changes prompt (nothing to save when empty).
      if (Object.keys(sample).length === 0) return;
      await clerk.page.getByRole('button', { name: 'Save draft' }).click();
      await expect(clerk.page.getByText('Successfully saved.')).toBeVisible({ timeout: 30_000 });
    });
  await clerk.context.close();
});

/** Presses Tab until `target` has focus (the keyboard alone reaches it), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to `target` (as tabTo) and presses Enter on it: a keyboard user's click. */
async function tabToAndEnter(page: Page, target: Locator) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

test('a wizard, tabs and an edit grid with the keyboard alone, at desktop width and on a 375 px phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(10 * 60_000);
  await signInAs(page, 'manager');
  const named = (name: string) => definitionOf(corpus.find((entry) => entry.name === name) as CorpusEntry);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ])
    await test.step(`${viewport.width} px wide`, async () => {
      const wide = viewport.width > 640;
      const wizard = await publish(page, `wizard ${viewport.width}`, named('wizard-fieldset-conditions'));
      const sink = await publish(page, `kitchen-sink ${viewport.width}`, named('kitchen-sink'));
      const clerk = await clerkSession(browser, viewport);
      const p = clerk.page;
      const fits = async () =>
        expect(
          await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          'the page scrolls sideways',
        ).toBeLessThanOrEqual(0);

      // The wizard: type (a question appears under its condition), Next page by Enter, focus on the new
      // page's title, Previous page back, Save draft.
      await p.goto(wizard.url);
      await expect(p.getByRole('button', { name: 'Save draft' })).toBeEnabled();
      await expect(p.locator('.dcf-form-status')).toHaveCount(0, { timeout: 30_000 });
      await tabTo(p, p.getByLabel('Text Field'));
      await p.keyboard.type('Typed');
      await p.keyboard.press('Tab');
      await expect(p.getByLabel('Text Area')).toBeFocused();
      await p.keyboard.type('Shown when the text field is answered');
      await tabToAndEnter(p, p.getByRole('button', { name: 'Next page' }));
      await expect(p.getByRole('heading', { level: 2, name: 'Advanced & Layout' })).toBeFocused();
      await tabTo(p, p.getByLabel('Text Area - Field set'));
      await p.keyboard.type('Second page');
      await fits();
      await tabToAndEnter(p, p.getByRole('button', { name: 'Previous page' }));
      await expect(p.getByLabel('Text Field')).toHaveValue('Typed');
      await tabToAndEnter(p, p.getByRole('button', { name: 'Save draft' }));
      await expect(p.getByText('Successfully saved.')).toBeVisible({ timeout: 30_000 });

      // Tabs: a tab list from tablet width (arrows move between tabs), links to sections on a phone.
      await p.goto(sink.url);
      await expect(p.getByRole('button', { name: 'Save draft' })).toBeEnabled();
      // A date typed in part (no month yet): the draft keeps it (decision 0024).
      const birthday = p.getByRole('group', { name: 'Birthday' });
      await tabTo(p, birthday.getByLabel('Day'));
      await p.keyboard.type('15');
      await tabTo(p, birthday.getByLabel('Year'));
      await p.keyboard.type('2026');
      const three = p.getByLabel('Three');
      if (wide) {
        await tabTo(p, p.getByRole('tab', { name: 'Tab 1' }));
        await expect(three).toBeHidden();
        await p.keyboard.press('ArrowRight');
        await expect(p.getByRole('tab', { name: 'Tab 2' })).toBeFocused();
        await expect(p.getByRole('tab', { name: 'Tab 2' })).toHaveAttribute('aria-selected', 'true');
        await p.keyboard.press('Tab');
        await expect(three).toBeFocused();
      } else {
        await expect(p.getByRole('tablist')).toHaveCount(0);
        await tabToAndEnter(p, p.getByRole('link', { name: 'Tab 2' }));
        await expect(three).toBeVisible();
        await tabTo(p, three);
      }
      await p.keyboard.type('Third');

      // The edit grid: add a row, answer, save it, change it, cancel, remove it.
      const grid = p.getByRole('group', { name: 'Education' });
      await tabToAndEnter(p, grid.getByRole('button', { name: 'Add another row to Education' }));
      await expect(grid.locator('[data-row="0"] > legend')).toBeFocused();
      await p.keyboard.press('Tab');
      await expect(grid.getByLabel('School')).toBeFocused();
      await p.keyboard.type('Leeds Beckett');
      await p.keyboard.press('Tab');
      await p.keyboard.type('Nursing');
      await expectNoAxeViolations(p);
      await fits();
      await tabToAndEnter(p, grid.getByRole('button', { name: 'Save row 1 of Education' }));
      const change = grid.getByRole('button', { name: 'Change row 1 of Education' });
      await expect(change).toBeFocused();
      await expect(grid.locator('dl')).toContainText('Leeds Beckett');
      await p.keyboard.press('Enter');
      await tabTo(p, grid.getByLabel('School'));
      await p.keyboard.press('ControlOrMeta+A');
      await p.keyboard.type('York St John');
      await tabToAndEnter(p, grid.getByRole('button', { name: 'Cancel row 1 of Education' }));
      await expect(change).toBeFocused();
      await expect(grid.locator('dl')).toContainText('Leeds Beckett');
      await tabToAndEnter(p, grid.getByRole('button', { name: 'Remove row 1 of Education' }));
      await expect(grid.getByText('No rows added yet.')).toBeVisible();

      // The signature is typed.
      await tabTo(p, p.getByLabel('Signature'));
      await p.keyboard.type('Ann Clerk');
      await expectNoAxeViolations(p);
      await fits();
      await tabToAndEnter(p, p.getByRole('button', { name: 'Save draft' }));
      await expect(p.getByText('Successfully saved.')).toBeVisible({ timeout: 30_000 });
      await expect(birthday.getByLabel('Day')).toHaveValue('15');
      await expect(birthday.getByLabel('Month')).toHaveValue('');
      expect(clerk.problems, 'console errors').toEqual([]);
      await clerk.context.close();
    });
});
