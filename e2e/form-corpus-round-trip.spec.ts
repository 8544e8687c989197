import { cleanSubmissionContent } from '@dcf/domain';
import {
  childLists,
  dataShapeOf,
  type FormComponent,
  type FormDefinition,
  formatAnswer,
  innerDataKey,
  isMultiValue,
  stripDefinition,
} from '@dcf/forms';
import { checkDefinition } from '@dcf/forms/convert/check-definition';
import { givenAnswers } from '@dcf/forms/testing/given-answers';
import { takesTime, typeableAnswers } from '@dcf/forms/testing/typeable-answers';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { pdfText } from '../apps/api/test/support/pdf-text';
import { type CorpusEntry, corpus, publisherOf, readCorpusDefinition } from '../test-data/formio-corpus';
import {
  addPeriod,
  type Definition,
  draftCollection,
  type Organisation,
  openPeriodBody,
  organisationByCode,
  persona,
  publish,
  signedInPage,
  uploadForm,
  userIdByEmail,
} from './factories';
import { type Api, expect, signInAs, test } from './fixtures';

/**
 * The browser round trip over every real form (issue 24, item 6; decision 0035): for each form of the
 * corpus the upload accepts, the answers a clerk can type (typeable-answers.ts, which
 * corpus-verdicts.test.ts checks Form.io's own engine accepts as a complete return) are typed into the
 * form page by keyboard as a clerk would (each box focused and typed into, radios and ticks by Space,
 * lists by the arrow keys, rows added and saved by Enter, Next page and tabs by the keyboard), saved as a
 * draft, the page reloaded, and the answers read through the API compared exactly with the intended
 * ones; then check your answers and the PDF must show every answer a person sees, in form order.
 *
 * Fast enough for every CI run (budget: 6 minutes for the whole spec on a quiet 2-core machine): every
 * collection is set up through the API before the browser starts, the clerk signs in once and one page
 * goes from form to form, nothing waits for a fixed time (each step waits for what it needs), and the
 * PDF is fetched with the clerk's session and read as text. One test a form, so a failure names it.
 *
 * What a clerk cannot type is left out of the intended answers, and said so: files (uploads, covered by
 * form-files.spec.ts), a question the form itself hides (`hidden: true`; its default stays), a date
 * question's time when it takes none (the date is kept at midnight, London time).
 */

test.describe.configure({ mode: 'default' });

/** As Form.io reads it: a definition without `display` is a single-page form. */
const definitionOf = (entry: CorpusEntry) =>
  ({ display: entry.display, ...readCorpusDefinition(entry) }) as FormDefinition;

const accepted = corpus.filter((entry) => checkDefinition(definitionOf(entry)).problems.length === 0);
/** DCF_ROUND_TRIP_FORMS=kitchen-sink,wizard runs those forms only (to replay one). */
const only = process.env.DCF_ROUND_TRIP_FORMS ? process.env.DCF_ROUND_TRIP_FORMS.split(',') : undefined;
const forms = accepted.filter((entry) => !only || only.includes(entry.name));

type Answers = Record<string, unknown>;
const isObject = (value: unknown): value is Answers =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Form.io's input name for a data path (`data[staff][0][grade]`), as the renderer names its inputs. */
const inputName = (path: string) =>
  `data[${[...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => m[2] ?? m[1]).join('][')}]`;
/** The renderer's value attribute of a choice. */
const optionKey = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
const join = (prefix: string, key: string) =>
  prefix === '' ? key : key === '' ? prefix : `${prefix}.${key}`;

const LONDON_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function londonParts(iso: string) {
  const parts = Object.fromEntries(
    LONDON_DATE.formatToParts(new Date(iso)).map((p) => [p.type, p.value] as const),
  );
  return {
    day: String(Number(parts.day)),
    month: String(Number(parts.month)),
    year: String(parts.year),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** A form's collection, set up before the browser starts. */
interface Prepared {
  entry: CorpusEntry;
  /** The form as stored (custom JavaScript converted), as the engine reads it. */
  definition: FormDefinition;
  formUrl: string;
  submissionApi: string;
}

/**
 * A published collection for the form, open now, with the first trust as its recipient and the clerk
 * as its data entry clerk: six requests, the organisation and the clerk looked up once for all forms.
 */
async function prepare(api: Api, entry: CorpusEntry, organisation: Organisation, clerkId: number) {
  const id = await draftCollection(api, { name: `Round trip ${entry.name} ${Date.now()}` });
  const stored = await uploadForm(api, id, definitionOf(entry) as Definition);
  await api('PUT', `/Collection/${id}/Organisation/Bulk`, { add: [organisation.id] });
  const periodId = await addPeriod(api, id, openPeriodBody({ name: 'Round trip period' }));
  await publish(api, id);
  await api('PUT', `/Collection/${id}/Organisation/${organisation.id}/SubmitterAccess`, {
    userId: clerkId,
    roles: ['DataEntryClerk'],
  });
  return {
    entry,
    definition: stripDefinition(stored.definition as FormDefinition),
    formUrl: `/form/collection/${id}/organisation/${organisation.id}/reportingPeriod/${periodId}`,
    submissionApi: `/v1/api/Collection/${id}/ReportingPeriod/${periodId}/Organisation/${organisation.id}/Submission`,
  } satisfies Prepared;
}

/** Runs `work` over `items`, `width` at a time (the server and the tests share two cores). */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

/**
 * The element, brought into view as a clerk would: a tab it is behind opened (Enter on the tab), a later
 * wizard page reached (Next page). Waits for exact conditions only: what a key press draws is drawn
 * before the next command runs (React renders a key's change at once).
 */
async function reach(page: Page, target: Locator, what: string) {
  const element = target.first();
  for (let attempt = 0; attempt < 12; attempt += 1) {
    if (await element.isVisible()) return element;
    if ((await target.count()) > 0) {
      const panel = await element.evaluate((e) => e.closest('[role="tabpanel"][hidden]')?.id ?? null);
      if (!panel) break;
      await page.locator(`[role="tab"][aria-controls="${panel}"]`).press('Enter');
      continue;
    }
    const next = page.getByRole('button', { name: 'Next page' });
    if ((await next.count()) === 0) break;
    const heading = page.locator('.dcf-form h2[tabindex="-1"]');
    const title = await heading.textContent();
    await next.press('Enter');
    await expect(heading).not.toHaveText(title ?? '');
  }
  // Not found by the keyboard's ways: it must come by itself (or the test fails naming it).
  await expect(element, `${what} is on the page`).toBeVisible();
  return element;
}

async function typeInto(page: Page, target: Locator, text: string, what: string) {
  const box = await reach(page, target, what);
  await box.press('ControlOrMeta+A');
  if (text === '') await box.press('Delete');
  else await box.pressSequentially(text);
}

async function press(page: Page, target: Locator, key: string, what: string) {
  await (await reach(page, target, what)).press(key);
}

/** Ticks or unticks a box by Space, as the answer wants it. */
async function tick(page: Page, box: Locator, ticked: boolean, what: string) {
  const element = await reach(page, box, what);
  if ((await element.isChecked()) === ticked) return;
  await element.press(' ');
  await expect(element).toBeChecked({ checked: ticked });
}

/** Chooses an option of a native select with the arrow keys (Home: the empty first option). */
async function choose(page: Page, select: Locator, value: unknown, what: string) {
  const element = await reach(page, select, what);
  const keys = await element
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const index = keys.indexOf(optionKey(value));
  if (index < 0) throw new Error(`${what}: no option ${optionKey(value)} in ${keys.join(', ')}`);
  await element.press('Home');
  for (let i = 0; i < index; i += 1) await page.keyboard.press('ArrowDown');
  await expect(element).toHaveValue(optionKey(value));
}

/** Types one single answer (not a list) of a question at `path`. */
async function typeAnswer(page: Page, c: FormComponent, path: string, value: unknown) {
  const name = inputName(path);
  const by = (selector: string) => page.locator(selector);
  const what = `${String(c.type)} ${path}`;
  switch (c.type) {
    case 'radio':
      return press(page, by(`input[type="radio"][name="${name}"][value="${optionKey(value)}"]`), ' ', what);
    case 'checkbox':
      return tick(page, by(`input[type="checkbox"][name="${name}"]`), value === true, what);
    case 'selectboxes':
      // The form's default may have ticked some already: each box is left as the answer wants it.
      for (const [option, ticked] of Object.entries(value as Answers))
        await tick(
          page,
          by(`input[type="checkbox"][name="${name}"][value="${option}"]`),
          ticked === true,
          what,
        );
      return;
    case 'survey': {
      // A survey's radios are named by question and found by place: row = question, column = answer.
      const values = (list: unknown) =>
        (Array.isArray(list) ? list : []).filter(isObject).map((item) => String(item.value));
      const questions = values(c.questions);
      const answers = values(c.values);
      for (const [question, answer] of Object.entries(value as Answers)) {
        const [row, column] = [questions.indexOf(question), answers.indexOf(String(answer))];
        const id = row === 0 && column === 0 ? `dcf-field-${path}` : `dcf-field-${path}-${row}-${column}`;
        await press(page, by(`input[type="radio"][id="${id}"]`), ' ', `${what} ${question}`);
      }
      return;
    }
    case 'select':
      return choose(page, by(`select[name="${name}"]`), value, what);
    case 'day': {
      const order = c.dayFirst === true ? ['day', 'month', 'year'] : ['month', 'day', 'year'];
      const parts = String(value).split('/');
      for (const [index, part] of order.entries()) {
        const box = by(`input[name="${name}[${part}]"]`);
        if ((await box.count()) === 0) continue; // a part the form hides
        const text = String(Number(parts[index]));
        if (text !== '0') await typeInto(page, box, text, `${what} ${part}`);
      }
      return;
    }
    case 'datetime': {
      const parts = londonParts(String(value));
      for (const part of ['day', 'month', 'year'] as const)
        await typeInto(page, by(`input[name="${name}[${part}]"]`), parts[part], `${what} ${part}`);
      if (takesTime(c) && parts.time !== '00:00')
        await typeInto(page, by(`input[name="${name}[time]"]`), parts.time, `${what} time`);
      return;
    }
    case 'time':
      return typeInto(page, by(`input[name="${name}"]`), String(value).slice(0, 5), what);
    default:
      return typeInto(page, by(`[name="${name}"]`), String(value), what);
  }
}

/** The element holding a grid or list, by the anchor the renderer gives it (its field id). */
const holderOf = (page: Page, path: string) => page.locator(`[id="dcf-field-${path}"]`).locator('xpath=..');

/** Types the rows of an edit grid: each opened (Add another, or Change for a row the defaults made), typed, saved. */
async function typeEditGrid(page: Page, c: FormComponent, path: string, rows: Answers[]) {
  const holder = holderOf(page, path);
  for (const [index, row] of rows.entries()) {
    const rowPath = `${path}[${index}]`;
    const closed = holder.locator(`:scope > [data-row="${index}"].dcf-editgrid__row`);
    const open = holder.locator(`:scope > fieldset[data-row="${index}"]`);
    if ((await closed.count()) > 0)
      await press(page, closed.locator('.dcf-editgrid__change'), 'Enter', `${rowPath} change`);
    else if ((await open.count()) === 0)
      await press(page, holder.locator(':scope > .formio-button-add-row'), 'Enter', `${path} add`);
    // The row takes focus (its legend) once drawn: typing starts after that, or focus would jump.
    await expect(open.locator(':scope > legend')).toBeFocused();
    for (const children of childLists(c)) await typeAll(page, children, row, rowPath);
    await press(page, open.locator('.nhsuk-button-group > button').first(), 'Enter', `${rowPath} save`);
    await expect(closed.locator('.dcf-editgrid__change')).toBeFocused();
  }
}

/** Types every intended answer of a list of components, in form order, adding rows as a clerk does. */
async function typeAll(page: Page, list: FormComponent[], data: Answers, prefix: string) {
  for (const c of list) {
    const shape = dataShapeOf(c);
    const key = typeof c.key === 'string' ? c.key : '';
    if (shape === 'content' || c.disabled === true || c.hidden === true || c.type === 'hidden') continue;
    if (shape === 'layout') {
      for (const children of childLists(c)) await typeAll(page, children, data, prefix);
      continue;
    }
    if (!key) continue;
    const path = join(prefix, key);
    const value = data[key];
    if (value === undefined || value === null || value === '') continue;
    if (shape === 'object') {
      const inner = innerDataKey(c);
      for (const children of childLists(c))
        await typeAll(
          page,
          children,
          ((inner ? (value as Answers)[inner] : value) ?? {}) as Answers,
          inner ? join(path, inner) : path,
        );
    } else if (shape === 'rows') {
      const rows = (value as Answers[]).filter(isObject);
      if (c.type === 'editgrid') {
        await typeEditGrid(page, c, path, rows);
        continue;
      }
      const holder = holderOf(page, path);
      await reach(page, holder.locator(':scope > legend'), path);
      for (const [index, row] of rows.entries()) {
        const drawn = holder.locator(':scope > fieldset.dcf-grid__row');
        if ((await drawn.count()) <= index) {
          await press(page, holder.locator(':scope > .formio-button-add-row'), 'Enter', `${path} add`);
          await expect(drawn).toHaveCount(index + 1);
        }
        for (const children of childLists(c)) await typeAll(page, children, row, `${path}[${index}]`);
      }
    } else if (isMultiValue(c) && Array.isArray(value)) {
      const single = { ...c, multiple: false };
      for (const [index, item] of value.entries()) {
        if (index > 0)
          await press(
            page,
            holderOf(page, path).locator('.dcf-add-another__add').first(),
            'Enter',
            `${path} add another`,
          );
        await typeAnswer(page, single, `${path}[${index}]`, item);
      }
    } else {
      await typeAnswer(page, c, path, value);
    }
  }
}

/** What check your answers and the PDF print for an answer: a list's items one by one. */
const printed = (answer: ReturnType<typeof givenAnswers>[number]) =>
  isMultiValue(answer.component) && Array.isArray(answer.value) && answer.value.length > 1
    ? answer.value.map((item) => formatAnswer({ ...answer.component, multiple: false }, item))
    : [answer.text];
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every text in `texts` appears in `whole` in this order (so none reads "Not answered"). */
function expectInOrder(whole: string, texts: string[], where: string) {
  const all = squash(whole);
  let from = 0;
  for (const text of texts) {
    const at = all.indexOf(squash(text), from);
    expect(at, `${where}: "${text}" after "${all.slice(Math.max(0, from - 60), from)}"`).toBeGreaterThan(-1);
    from = at + squash(text).length;
  }
}

/**
 * Opens a page of the app without loading the app again, as following a link does (the router follows
 * the history): the page after a clerk's last form goes straight to the next one. The reload below loads
 * the app afresh for each form.
 */
async function openInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL(`**${url}`);
}

/** The form page drawn and taking answers (a large form takes a while on a loaded machine). */
async function formReady(page: Page) {
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.locator('.dcf-form-status')).toHaveCount(0, { timeout: 30_000 });
}

async function roundTrip(clerk: Page, form: Prepared) {
  const components = form.definition.components;
  const intended = typeableAnswers(form.entry.name, components);

  // Typed by keyboard, in form order, and saved as a draft.
  await openInApp(clerk, form.formUrl);
  await formReady(clerk);
  await typeAll(clerk, components, intended, '');
  await clerk.getByRole('button', { name: 'Save draft' }).press('Enter');
  await expect(clerk.getByText('Successfully saved.')).toBeVisible({ timeout: 30_000 });

  // Reloaded: the server holds exactly the intended answers (a save drops empty values: the spec).
  await clerk.reload();
  await formReady(clerk);
  const view = await (await clerk.request.get(form.submissionApi)).json();
  const saved = JSON.parse(view.content ?? '{}') as Answers;
  expect(saved, 'the answers saved').toEqual(cleanSubmissionContent(structuredClone(intended)));
  // The page shows them again: every text box in sight holds its answer (read in one go).
  const given = givenAnswers(form.definition, saved);
  const boxes = await clerk
    .locator('input[type="text"]')
    .evaluateAll((inputs) =>
      Object.fromEntries(
        (inputs as HTMLInputElement[])
          .filter((input) => input.checkVisibility())
          .map((input) => [input.name, input.value]),
      ),
    );
  for (const answer of given) {
    const name = inputName(answer.path);
    if (name in boxes && typeof answer.value === 'string')
      expect(boxes[name], `the box of ${answer.path}`).toBe(answer.value);
  }

  // Check your answers and the PDF show every answer a person sees, in form order.
  const texts = given.flatMap(printed);
  // Submit saves the draft again and opens check your answers, as a clerk goes there.
  await clerk.getByRole('button', { name: 'Submit' }).press('Enter');
  await clerk.waitForURL(`**${form.formUrl}/check`, { timeout: 30_000 });
  await expect(
    clerk.getByRole('heading', { level: 1, name: 'Check your answers before submitting your return' }),
  ).toBeVisible({ timeout: 30_000 });
  const pdf = clerk.request.get(`/v1/api/Submission/${view.submissionId}/Pdf`);
  const answers = clerk.locator('.dcf-answers');
  if (texts.length > 0) await expect(answers).toBeVisible();
  expectInOrder((await answers.textContent()) ?? '', texts, 'check your answers');
  const response = await pdf;
  expect(response.status()).toBe(200);
  expectInOrder(pdfText(await response.body()), texts, 'the PDF');
}

const prepared = new Map<string, Prepared>();
let clerkContext: BrowserContext;
let clerk: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  // Every collection through the API first, a few at a time, as the manager.
  const manager = await signedInPage(browser, 'manager');
  const organisation = await organisationByCode(manager.api, 'RJ1');
  const clerkId = await userIdByEmail(manager.api, persona('clerkA').email);
  for (const form of await inBatches(forms, 4, (entry) => prepare(manager.api, entry, organisation, clerkId)))
    prepared.set(form.entry.name, form);
  await manager.close();
  // The clerk signs in once; one page goes from form to form.
  clerkContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  clerk = await clerkContext.newPage();
  // Leaving a page with unsaved typing asks first (a form that failed halfway): say leave.
  clerk.on('dialog', (dialog) => void dialog.accept());
  await signInAs(clerk, 'clerkA');
});

test.afterAll(async () => {
  await clerkContext?.close();
});

test('the round trip takes every accepted form of the corpus (at least 60 forms, six publishers)', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(60);
  expect(new Set(corpus.map((e) => publisherOf(e.source.repository))).size).toBeGreaterThanOrEqual(6);
  expect(accepted.length).toBeGreaterThanOrEqual(45);
  if (!only) expect([...prepared.keys()]).toEqual(accepted.map((e) => e.name));
});

for (const entry of forms)
  test(`typed, saved, reloaded and read back exactly: ${entry.name} (${publisherOf(entry.source.repository)})`, async () => {
    test.setTimeout(3 * 60_000);
    const form = prepared.get(entry.name);
    if (!form) throw new Error(`${entry.name} was not set up`);
    await roundTrip(clerk, form);
  });
