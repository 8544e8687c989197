import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../test/engine';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness';
import { auditEntries } from '../../../test/support/audit';
import {
  addDemoFormVersion,
  completeAnswers,
  lock,
  newPeriod,
  type Page,
  pageFor,
  save,
} from '../../../test/support/submission-fixtures';
import { slowForm } from '../../platform/evaluation-box/test-forms';
import { evaluationTimeouts } from '../../platform/metrics';

/**
 * The evaluation box through HTTP (issue 23 items 2 and 5; decision 0031): hostile forms saved by ten
 * clients at once while the health check is polled, what the workers can reach, and a worker killed
 * mid-evaluation. The box's own tests are platform/evaluation-box/pool.test.ts.
 */

const CLIENTS = 10;
const secrets = {
  DATABASE_URL: 'postgres://dcf:not-for-workers@db.example/dcf',
  SESSION_SECRET: 'a-session-secret-no-worker-may-see-0123456789',
};

// Secrets in this process's environment, as the API's own would be: the workers must not get them.
beforeAll(() => {
  Object.assign(process.env, secrets);
});
afterAll(() => {
  for (const name of Object.keys(secrets)) delete process.env[name];
});
// The service's default pool of ten connections, for ten clients; the default budget of a save, and
// a PDF's budget of 500 ms (2,000 by default) to keep the PDF's test short.
const t = useTestApp({ DATABASE_POOL_SIZE: '10', EVALUATION_PRINT_BUDGET_MS: '500' });

/** A new version of the demo collection's form with this definition, and `count` open periods on it. */
async function periodsWithForm(target: TestApp, definition: object, count: number): Promise<Page[]> {
  const formId = await addDemoFormVersion(target, definition);
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) pages.push(await pageFor(target, await newPeriod(target, { formId })));
  return pages;
}

/** Health answers to collect for a p99 that is not simply the slowest one. */
const MIN_POLLS = 100;

type Polls = { health: number[]; live: number[] };

/**
 * Polls the health check (which asks the database) and liveness (which does not: the event loop alone)
 * until `until` settles: every answer's time into `times` as it comes (the caller may count them), sorted
 * at the end.
 */
async function pollHealth(until: Promise<unknown>, times: Polls = { health: [], live: [] }) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const client = t.anonymous();
  const poll = async (path: string, into: number[]) => {
    while (!done) {
      const started = performance.now();
      const res = await client.get(path);
      into.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    into.sort((a, b) => a - b);
  };
  await Promise.all([poll('/v1/api/health', times.health), poll('/v1/api/health/live', times.live)]);
  return times;
}

const p99 = (sorted: number[]) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;

function report(name: string, answers: { ms: number }[], polls: Polls, resting: Polls, extra = '') {
  const ms = answers.map((a) => Math.round(a.ms));
  const figure = (sorted: number[], rest: number[]) =>
    `p99 ${Math.round(p99(sorted))} ms (${sorted.length} polls; ${Math.round(p99(rest))} ms at rest, ${rest.length} polls)`;
  console.info(
    `${name} x${answers.length} (${engine}): saves answered in ${Math.min(...ms)}-${Math.max(...ms)} ms; health ${figure(polls.health, resting.health)}, live ${figure(polls.live, resting.live)}; ${extra}`,
  );
}

/** The same polls with nothing else going on, until there are enough: what this machine gives at rest. */
async function restingPolls() {
  const times: Polls = { health: [], live: [] };
  const enough = (async () => {
    const started = performance.now();
    while (times.health.length < MIN_POLLS && performance.now() - started < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
  })();
  return pollHealth(enough, times);
}

/**
 * The server kept answering everyone else while the hostile saves were evaluated: the health check (a
 * database round trip) and liveness (the event loop alone). On a quiet machine both stay under 200 ms at
 * p99 (the README's figure). This shared 2-core machine runs other suites at a load average of 15-30,
 * where the resting p99 itself is 25-500 ms and moves within seconds, and where the ten saves' own
 * statements (on PGlite, run on this process's thread) add their share; so the bound asserted is 500 ms or
 * three times the resting p99, whichever is larger. It still fails if evaluation blocks the event loop:
 * in the API's process the ten evaluations would hold it in turn (the rule: 10 x 150 ms and more per
 * round; the pattern on V8: for ever, on RE2 0.5-1.5 s per round).
 */
function expectResponsive(polls: Polls, resting: Polls) {
  const bound = (rest: number[]) => Math.max(500, 3 * p99(rest));
  expect(p99(polls.live), 'liveness p99').toBeLessThan(bound(resting.live));
  expect(p99(polls.health), 'health p99').toBeLessThan(bound(resting.health));
}

/** CPU ms used so far by these processes (utime + stime, ticks of 10 ms). */
function cpuMsOf(pids: number[]) {
  return pids.reduce((sum, pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
}

type Answer = { res: Awaited<ReturnType<typeof save>>; ms: number };

/**
 * Ten clients each lock a page and save `content` at once, while the health check is polled; again
 * (the same saves: a refused save keeps nothing) until the health check has been answered MIN_POLLS
 * times, at most `rounds` times.
 */
async function rush(pages: Page[], content: Record<string, unknown>, rounds = 20) {
  const clients = await Promise.all(pages.map(() => t.as('clerkA')));
  const views = await Promise.all(pages.map((page, i) => lock(clients[i]!, page)));
  // A running service's connections are open: ten at once open the pool's ten before the rush.
  await Promise.all(pages.map(() => t.anonymous().get('/v1/api/health')));
  const answers: Answer[] = [];
  const round = () =>
    Promise.all(
      views.map(async (view, i) => {
        const started = performance.now();
        const res = await save(clients[i]!, view.submissionId, { content, baseRevisionId: null });
        answers.push({ res, ms: performance.now() - started });
      }),
    );
  const times: Polls = { health: [], live: [] };
  const saves = (async () => {
    for (let i = 0; i < rounds && (i === 0 || times.health.length < MIN_POLLS); i++) await round();
  })();
  const health = await pollHealth(saves, times);
  return { answers, health };
}

describe('hostile forms saved by ten clients at once', () => {
  it('a rule just under the step bound on 60 questions: each save refused with 422 naming the question, within its budget; health p99 bounded; the next ordinary save is fine', {
    timeout: 180_000,
  }, async () => {
    const pages = await periodsWithForm(t, slowForm(60), CLIENTS);
    const before =
      (await evaluationTimeouts.get()).values.find((v) => v.labels.kind === 'checkReturn')?.value ?? 0;
    await t.box.start();
    const pids = t.box.workerPids();
    const cpuBefore = cpuMsOf(pids);
    const resting = await restingPolls();
    const { answers, health } = await rush(pages, {});

    for (const { res } of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toMatchObject({
        code: 'form_cannot_be_checked',
        title: 'This form cannot be checked',
      });
      expect(res.body.detail).toMatch(
        /^Checking the answers against this form took longer than the 250 ms allowed\. It stopped at the question 'Slow question \d+'(?: \(calculateValue\))?\. Nothing has been saved\. Ask the collection manager to correct the form\.$/,
      );
    }
    // Within its budget: no worker had to be killed (each stopped itself), and together they used no
    // more than one budget of processing time per save (each stops itself at 150 ms of its 250).
    expect(t.box.workerPids()).toEqual(pids);
    const workerCpu = cpuMsOf(pids) - cpuBefore;
    expect(workerCpu).toBeLessThanOrEqual(answers.length * 250);
    report('hostile rule', answers, health, resting, `workers ${workerCpu} ms CPU`);
    expectResponsive(health, resting);

    // Counted for operators, and recorded once for the form (the audit log, by collection).
    const after =
      (await evaluationTimeouts.get()).values.find((v) => v.labels.kind === 'checkReturn')?.value ?? 0;
    expect(after - before).toBe(answers.length);
    const entries = await auditEntries(t, 'form.evaluationOverBudget');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.collectionId).toBe(pages[0]?.collectionId);
    const stored = entries[0]?.after;
    const recorded = typeof stored === 'string' ? JSON.parse(stored) : stored;
    expect(recorded).toMatchObject({ kind: 'checkReturn', reason: 'time', budgetMs: 250 });
    expect(recorded.question).toMatchObject({ key: expect.stringMatching(/^slow\d+$/) });

    // The process is alive and the next ordinary save (the demo form) is checked and kept.
    expect((await t.anonymous().get('/v1/api/health/live')).status).toBe(200);
    const [ordinary] = await periodsWithForm(t, (await demoDefinition()) as object, 1);
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, ordinary as Page);
    const ok = await save(clerk, view.submissionId, { content: completeAnswers, baseRevisionId: null });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('a pattern that backtracks without end in JavaScript, on long answers: each save answered at once (400, the pattern message); health p99 bounded', {
    timeout: 180_000,
  }, async () => {
    const patterned = {
      display: 'form',
      components: Array.from({ length: 5 }, (_, i) => ({
        type: 'textfield',
        key: `code${i}`,
        label: `Code ${i}`,
        input: true,
        validate: { pattern: '(a|aa)+', maxLength: 10_000 },
      })),
    };
    const pages = await periodsWithForm(t, patterned, CLIENTS);
    const answer = `${'a'.repeat(9_000)}!`;
    const content = Object.fromEntries(patterned.components.map((c) => [c.key, answer]));
    const resting = await restingPolls();
    const { answers, health } = await rush(pages, content);
    for (const { res } of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(Object.keys(res.body.errors).sort()).toEqual(patterned.components.map((c) => c.key));
    }
    report('hostile pattern', answers, health, resting);
    expectResponsive(health, resting);
  });
});

describe('a PDF of a return whose form became hostile', () => {
  it('is refused with 422 naming the question, and the form is noted for its manager', {
    timeout: 180_000,
  }, async () => {
    const [page] = await periodsWithForm(t, (await demoDefinition()) as object, 1);
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, page as Page);
    const saved = await save(clerk, view.submissionId, { content: { headcount: 3 }, baseRevisionId: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // The form changed under the return (a version edited in the database): its rules now cost too much.
    const { formId } = await t.database.db
      .selectFrom('submission')
      .select('formId')
      .where('id', '=', view.submissionId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('form')
      .set({ definition: JSON.stringify(slowForm(400)) })
      .where('id', '=', formId)
      .execute();
    const res = await clerk.get(`/v1/api/Submission/${view.submissionId}/Pdf`);
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body).toMatchObject({ code: 'form_cannot_be_checked', title: 'This form cannot be checked' });
    expect(res.body.detail).toMatch(
      /^Working out what this form shows took longer than the 500 ms allowed\. It stopped at the question 'Slow question \d+'( \(calculateValue\))?\. Ask the collection manager to correct the form\.$/,
    );
    expect(await auditEntries(t, 'form.evaluationOverBudget', { entityId: formId })).toHaveLength(1);
  });
});

describe('the workers', () => {
  it("evaluate with nothing of the API's environment: no database URL, no session secret", async () => {
    const [page] = await periodsWithForm(t, (await demoDefinition()) as object, 1);
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, page as Page);
    const res = await save(clerk, view.submissionId, { content: { headcount: 3 }, baseRevisionId: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(process.env.DATABASE_URL).toBe(secrets.DATABASE_URL);
    const pids = t.box.workerPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      for (const [name, value] of Object.entries(secrets)) {
        expect(environ).not.toContain(name);
        expect(environ).not.toContain(value);
      }
    }
  });
});

describe('closing the app', () => {
  it('ends its workers: none outlives it (the suites start and close many apps)', {
    timeout: 120_000,
  }, async () => {
    const other = await startTestApp();
    await other.box.start();
    const pids = other.box.workerPids();
    expect(pids).toHaveLength(other.config.evaluation.workers);
    for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(true);
    await other.close();
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `worker ${pid}`).toBe(false);
  });
});

describe('a worker killed mid-evaluation', () => {
  let long: TestApp;
  beforeAll(async () => {
    // A budget long enough for the kill to land while the worker evaluates.
    long = await startTestApp({ EVALUATION_BUDGET_MS: '60000', EVALUATION_WORKERS: '1' });
  });
  afterAll(() => long?.close());

  it('answers the save with a clean 500 problem, and a new worker checks the next save', {
    timeout: 180_000,
  }, async () => {
    const [hostile] = await periodsWithForm(long, slowForm(2_000), 1);
    const [ordinary] = await periodsWithForm(long, (await demoDefinition(long)) as object, 1);
    await long.box.start();
    const [pid] = long.box.workerPids();
    const clerk = await long.as('clerkA');
    const view = await lock(clerk, hostile as Page);
    const idle = cpuMsOf([pid as number]);
    const saving = save(clerk, view.submissionId, { content: {}, baseRevisionId: null });
    // Killed once it is well into the evaluation (it has used 300 ms of processing on it).
    await expect
      .poll(() => cpuMsOf([pid as number]) - idle, { timeout: 60_000, interval: 50 })
      .toBeGreaterThan(300);
    process.kill(pid as number, 'SIGKILL');
    const res = await saving;
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'internal_error' });
    await expect
      .poll(() => long.box.workerPids().some((other) => other !== pid), { timeout: 30_000 })
      .toBe(true);
    const next = await lock(clerk, ordinary as Page);
    const ok = await save(clerk, next.submissionId, { content: completeAnswers, baseRevisionId: null });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});

/** The demo collection's first form definition (an ordinary form). */
async function demoDefinition(target: TestApp = t) {
  const row = await target.database.db
    .selectFrom('form')
    .select('definition')
    .where('collectionId', '=', await target.demoCollectionId())
    .orderBy('version', 'asc')
    .executeTakeFirstOrThrow();
  return typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
}
