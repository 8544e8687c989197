import { cleanSubmissionContent } from '@dcf/domain';
import type { Page } from '@playwright/test';
import { type Definition, openPeriodBody, publishedCollection } from './factories';
import { apiOf, expect, signInAs, test } from './fixtures';

/**
 * A model-based test of typing on the form page (issue 24, decision 0035): a seeded random sequence of
 * what a clerk does (open the return at a question with `?field=`, click a question, type, select, tick,
 * go to another page, wait for autosave, reload) runs against a model of the answers; after every step
 * the answers saved (read through the API) and the answers on screen must equal the model's exactly.
 * The bug it was written for: after `?field=`, focus went back to that question on every keystroke in
 * another one, and autosave stored the damage.
 *
 * Seeds: DCF_TYPING_SEEDS=1,2,3 replays sequences; by default one fixed seed and one from the clock.
 * A failure names its seed and the steps so far.
 */

type Kind = 'text' | 'number' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'selectboxes' | 'multitext';
interface Question {
  key: string;
  label: string;
  kind: Kind;
  page: number;
  options?: readonly (readonly [string, string])[];
}

const questions: readonly Question[] = [
  { key: 'wardName', label: 'Ward name', kind: 'text', page: 0 },
  { key: 'beds', label: 'Number of beds', kind: 'number', page: 0 },
  {
    key: 'grade',
    label: 'Staff grade',
    kind: 'select',
    page: 0,
    options: [
      ['band5', 'Band 5'],
      ['band6', 'Band 6'],
      ['band7', 'Band 7'],
    ],
  },
  {
    key: 'shift',
    label: 'Shift pattern',
    kind: 'radio',
    page: 0,
    options: [
      ['day', 'Days'],
      ['night', 'Nights'],
    ],
  },
  { key: 'agency', label: 'Agency staff used', kind: 'checkbox', page: 1 },
  { key: 'wards', label: 'Ward', kind: 'multitext', page: 1 },
  { key: 'notes', label: 'Notes', kind: 'textarea', page: 1 },
  {
    key: 'roles',
    label: 'Roles on duty',
    kind: 'selectboxes',
    page: 1,
    options: [
      ['nurse', 'Nurse'],
      ['doctor', 'Doctor'],
    ],
  },
];
const pageTitles = ['About the ward', 'Staffing'];

const component = (q: Question) => {
  const values = q.options?.map(([value, label]) => ({ value, label }));
  switch (q.kind) {
    case 'text':
      return { type: 'textfield', key: q.key, label: q.label, input: true };
    case 'number':
      return { type: 'number', key: q.key, label: q.label, input: true };
    case 'textarea':
      return { type: 'textarea', key: q.key, label: q.label, input: true };
    case 'select':
      return { type: 'select', key: q.key, label: q.label, input: true, data: { values } };
    case 'radio':
      return { type: 'radio', key: q.key, label: q.label, input: true, values };
    case 'checkbox':
      return { type: 'checkbox', key: q.key, label: q.label, input: true };
    case 'selectboxes':
      return { type: 'selectboxes', key: q.key, label: q.label, input: true, values };
    default:
      // As Form.io's builder writes a text field with Multiple Values ticked.
      return {
        type: 'textfield',
        key: q.key,
        label: q.label,
        input: true,
        multiple: true,
        defaultValue: [''],
      };
  }
};

const form: Definition = {
  display: 'wizard',
  components: pageTitles.map((title, page) => ({
    type: 'panel',
    key: `page${page + 1}`,
    title,
    input: false,
    components: questions.filter((q) => q.page === page).map(component),
  })),
};

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const WORDS = ['Ward', 'Ash', "O'Brien", 'north', 'wing', 'Été', '12', 'A&E', 'bay', 'children’s'];
const words = (random: Random, max: number) =>
  Array.from({ length: 1 + random.int(max) }, () => random.pick(WORDS)).join(' ');

type Answers = Record<string, unknown>;

/** What the page and the server should hold, and where the clerk is. */
interface Model {
  screen: Answers;
  saved: Answers;
  page: number;
  /** The question the address names (`?field=`): a reload opens its page again. */
  field: Question | null;
}
/** What a save stores: the screen's answers with empty values dropped (the specification's rule). */
const stored = (answers: Answers) => cleanSubmissionContent(structuredClone(answers));
const dirty = (model: Model) =>
  JSON.stringify(sorted(stored(model.screen))) !== JSON.stringify(sorted(model.saved));
const sorted = (answers: Answers) =>
  Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));

const input = (page: Page, key: string, index?: number) =>
  page.locator(`[id="dcf-field-${key}${index === undefined || index === 0 ? '' : `-${index}`}"]`);

interface Run {
  page: Page;
  url: string;
  savedAnswers: () => Promise<Answers>;
  model: Model;
  random: Random;
  log: string[];
}

async function waitUntilReady(page: Page) {
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  await expect(page.locator('.dcf-form-status')).toHaveCount(0);
}

async function showPage(run: Run, target: number) {
  if (run.model.page === target) return;
  await run.page
    .getByRole('navigation', { name: 'Pages of this form' })
    .getByRole('link', { name: pageTitles[target] })
    .click();
  await expect(
    run.page.getByRole('heading', { level: 2, name: pageTitles[target], exact: true }),
  ).toBeVisible();
  run.model.page = target;
}

/**
 * After a reload or an open: unsaved typing (kept in this tab) is restored when the page offers it;
 * otherwise the page shows what was saved.
 */
async function afterLoad(run: Run) {
  if (dirty(run.model)) await run.page.getByRole('button', { name: 'Restore my changes' }).click();
  else run.model.screen = structuredClone(run.model.saved);
  await waitUntilReady(run.page);
}

const steps: Record<string, (run: Run) => Promise<string>> = {
  async open(run) {
    const q = run.random.pick(questions);
    await run.page.goto(`${run.url}?field=${q.key}`);
    await afterLoad(run);
    run.model.page = q.page;
    run.model.field = q;
    await expect(run.page.locator(':focus')).toHaveAttribute('id', new RegExp(`^dcf-field-${q.key}`));
    return `open ?field=${q.key}`;
  },
  async click(run) {
    const q = run.random.pick(
      questions.filter((q) => q.kind === 'text' || q.kind === 'number' || q.kind === 'textarea'),
    );
    await showPage(run, q.page);
    await input(run.page, q.key).click();
    return `click ${q.key}`;
  },
  async item(run) {
    // A multi-value question (the add another pattern): type into an item, add one, or remove one.
    const q = questions.find((q) => q.kind === 'multitext') as Question;
    await showPage(run, q.page);
    const list = (run.model.screen[q.key] as string[] | undefined) ?? [];
    const action = run.random.pick(
      list.length > 1 ? (['type', 'add', 'remove'] as const) : (['type', 'add'] as const),
    );
    if (action === 'add') {
      await run.page.getByRole('button', { name: `Add another answer to ${q.label}` }).click();
      const next = list.length === 0 ? ['', ''] : [...list, ''];
      run.model.screen[q.key] = next;
      await expect(input(run.page, `${q.key}[${next.length - 1}]`)).toBeFocused();
      return `add an item to ${q.key}`;
    }
    const index = run.random.int(Math.max(list.length, 1));
    if (action === 'remove') {
      await run.page.getByRole('button', { name: `Remove ${q.label} ${index + 1}` }).click();
      run.model.screen[q.key] = list.filter((_, i) => i !== index);
      return `remove ${q.key}[${index}]`;
    }
    await input(run.page, `${q.key}[${index}]`).click();
    await run.page.keyboard.press('ControlOrMeta+a');
    const typed = run.random.int(6) === 0 ? '' : words(run.random, 3);
    if (typed === '') await run.page.keyboard.press('Delete');
    else await run.page.keyboard.type(typed);
    if (typed === '' && list.length <= 1) delete run.model.screen[q.key];
    else {
      const next = list.length === 0 ? [''] : [...list];
      next[index] = typed;
      run.model.screen[q.key] = next;
    }
    return `type ${JSON.stringify(typed)} into ${q.key}[${index}]`;
  },
  async type(run) {
    const q = run.random.pick(
      questions.filter((q) => q.kind === 'text' || q.kind === 'number' || q.kind === 'textarea'),
    );
    await showPage(run, q.page);
    const box = input(run.page, q.key);
    await box.click();
    await run.page.keyboard.press('ControlOrMeta+a');
    const empty = run.random.int(8) === 0;
    const typed = empty ? '' : q.kind === 'number' ? String(1 + run.random.int(9999)) : words(run.random, 5);
    if (typed === '') await run.page.keyboard.press('Delete');
    else await run.page.keyboard.type(typed);
    if (typed === '') delete run.model.screen[q.key];
    else run.model.screen[q.key] = q.kind === 'number' ? Number(typed) : typed;
    return `type ${JSON.stringify(typed)} into ${q.key}`;
  },
  async select(run) {
    const q = questions.find((q) => q.kind === 'select') as Question;
    await showPage(run, q.page);
    const [value, label] = run.random.pick(q.options ?? []);
    await input(run.page, q.key).selectOption({ label });
    run.model.screen[q.key] = value;
    return `select ${value} in ${q.key}`;
  },
  async tick(run) {
    const q = run.random.pick(questions.filter((q) => ['radio', 'checkbox', 'selectboxes'].includes(q.kind)));
    await showPage(run, q.page);
    if (q.kind === 'checkbox') {
      await input(run.page, q.key).click();
      run.model.screen[q.key] = run.model.screen[q.key] !== true;
      return `tick ${q.key}`;
    }
    const index = run.random.int(q.options?.length ?? 1);
    const [value] = q.options?.[index] ?? [''];
    // By the keyboard: Space on a focused choice, as a clerk tabbing through would.
    await input(run.page, q.key, index).focus();
    await run.page.keyboard.press('Space');
    if (q.kind === 'radio') run.model.screen[q.key] = value;
    else {
      const before = (run.model.screen[q.key] ?? {}) as Record<string, boolean>;
      const next: Record<string, boolean> = {};
      for (const [option] of q.options ?? []) next[option] = before[option] === true;
      next[value] = !next[value];
      run.model.screen[q.key] = next;
    }
    return `tick ${q.key}.${value}`;
  },
  async page(run) {
    const target = 1 - run.model.page;
    await showPage(run, target);
    return `page ${pageTitles[target]}`;
  },
  async autosave(run) {
    // Autosave runs 30 s after the last change: the page's clock is moved on instead of waiting.
    await run.page.clock.fastForward(31_000);
    if (dirty(run.model)) await expect(run.page.getByText(/^Draft saved automatically at/)).toBeVisible();
    run.model.saved = stored(run.model.screen);
    return 'autosave';
  },
  async reload(run) {
    await run.page.reload();
    await afterLoad(run);
    run.model.page = run.model.field?.page ?? 0;
    return 'reload';
  },
};

const weights: [keyof typeof steps, number][] = [
  ['open', 2],
  ['click', 2],
  ['type', 7],
  ['select', 2],
  ['tick', 4],
  ['item', 4],
  ['page', 2],
  ['autosave', 3],
  ['reload', 1],
];
const chooseStep = (random: Random) => {
  let roll = random.int(weights.reduce((sum, [, w]) => sum + w, 0));
  for (const [name, weight] of weights) {
    if (roll < weight) return name;
    roll -= weight;
  }
  return 'type';
};

/** The screen shows the model's answers on the page the clerk is on. */
async function expectScreen(run: Run) {
  for (const q of questions.filter((q) => q.page === run.model.page)) {
    const value = run.model.screen[q.key];
    if (q.kind === 'checkbox') await expect(input(run.page, q.key)).toBeChecked({ checked: value === true });
    else if (q.kind === 'radio' || q.kind === 'selectboxes')
      for (const [index, [option]] of (q.options ?? []).entries()) {
        const on =
          q.kind === 'radio'
            ? value === option
            : (value as Record<string, boolean> | undefined)?.[option] === true;
        await expect(input(run.page, q.key, index)).toBeChecked({ checked: on });
      }
    else if (q.kind === 'multitext') {
      const list = (value as string[] | undefined) ?? [''];
      await expect(run.page.getByRole('group', { name: q.label }).getByRole('textbox')).toHaveCount(
        list.length,
      );
      for (const [index, item] of list.entries())
        await expect(input(run.page, `${q.key}[${index}]`)).toHaveValue(item);
    } else await expect(input(run.page, q.key)).toHaveValue(value === undefined ? '' : String(value));
  }
}

const seeds = (process.env.DCF_TYPING_SEEDS ?? `20261127,${Date.now() % 2 ** 31}`).split(',').map(Number);
const STEPS = 18;

test('typing, selecting, ticking, paging, autosave and reloads keep exactly the answers typed', async ({
  page,
}) => {
  // Two sequences of 18 steps, each checked against the server: a few seconds a step on a loaded machine.
  test.setTimeout(6 * 60_000);
  await signInAs(page, 'manager');
  const collection = await publishedCollection(apiOf(page), {
    name: `Typing model ${Date.now()}`,
    form,
    codes: ['RJ1'],
    period: openPeriodBody({ name: 'Typing period' }),
    access: [{ code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] }],
  });
  const context = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 1280, height: 900 } });
  if (!context) throw new Error('no browser');
  const clerk = await context.newPage();
  // Leaving with unsaved typing asks first: the clerk says leave (the tab keeps the typing to restore).
  clerk.on('dialog', (dialog) => void dialog.accept());
  await clerk.clock.install();
  await signInAs(clerk, 'clerkA');
  const savedAnswers = async () => {
    const response = await clerk.request.get(`/v1/api${collection.submissionApi('RJ1')}`);
    if (response.status() === 404) return {};
    const view = (await response.json()) as { content: string | null };
    return JSON.parse(view.content ?? '{}') as Answers;
  };
  const url = collection.formUrl('RJ1');

  for (const seed of seeds) {
    const random = generator(seed);
    const log: string[] = [];
    await clerk.goto(url);
    await waitUntilReady(clerk);
    // The answers a new return starts with (the form's defaults) are saved once: the baseline.
    await clerk.getByRole('button', { name: 'Save draft' }).click();
    await expect(clerk.getByText(/^Saved at/)).toBeVisible();
    const baseline = await savedAnswers();
    const run: Run = {
      page: clerk,
      url,
      savedAnswers,
      model: { screen: structuredClone(baseline), saved: structuredClone(baseline), page: 0, field: null },
      random,
      log,
    };
    await test.step(`seed ${seed}`, async () => {
      try {
        for (let i = 0; i < STEPS; i += 1) {
          const name = chooseStep(random);
          log.push(`(${name})`);
          log[log.length - 1] = await (steps[name] as (run: Run) => Promise<string>)(run);
          await expect.poll(savedAnswers, { message: 'the answers saved' }).toEqual(run.model.saved);
          await expectScreen(run);
        }
        // Whatever is left unsaved is saved, and the server holds exactly the model's answers.
        await clerk.getByRole('button', { name: 'Save draft' }).click();
        await expect(clerk.getByText(/^Saved at/)).toBeVisible();
        run.model.saved = stored(run.model.screen);
        expect(await savedAnswers()).toEqual(run.model.saved);
      } catch (error) {
        throw new Error(
          `Typing sequence failed: replay with DCF_TYPING_SEEDS=${seed}\nsteps: ${log.join(' | ')}\n${(error as Error).message}`,
        );
      }
    });
  }
  await context.close();
});
