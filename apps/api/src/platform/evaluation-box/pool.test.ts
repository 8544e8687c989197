import { readFileSync, readlinkSync } from 'node:fs';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type BoxOptions, EvaluationBox, EvaluationFailure } from './pool';
import { slowForm } from './test-forms';

/**
 * The box itself (decision 0031), without HTTP: what its workers can reach, what happens at the time
 * and memory budgets, and a worker killed mid-evaluation. The suites through HTTP are
 * modules/submissions/evaluation-box.test.ts.
 */

const boxes: EvaluationBox[] = [];
afterEach(async () => {
  await Promise.all(boxes.splice(0).map((box) => box.close()));
});

function box(options: Partial<BoxOptions> = {}) {
  const made = new EvaluationBox({
    workers: 1,
    budgetMs: 5_000,
    printBudgetMs: 5_000,
    memoryMb: 256,
    runAs: { uid: 65534, gid: 65534 },
    niceness: 10,
    workerFile: inject('evaluationWorker'),
    ...options,
  });
  boxes.push(made);
  return made;
}

const simple = {
  display: 'form',
  components: [
    { type: 'textfield', key: 'name', label: 'Name', input: true, validate: { required: true } },
    {
      type: 'number',
      key: 'double',
      label: 'Double',
      input: true,
      calculateValue: { '*': [{ var: 'data.count' }, 2] },
    },
    { type: 'number', key: 'count', label: 'Count', input: true },
  ],
};

const check = (target: EvaluationBox, definition: object, content: Record<string, unknown>, key = 'f:1') =>
  target.checkReturn({
    form: { key, version: { definition: JSON.stringify(definition), rules: [] } },
    content,
    status: 'completed',
    ruleInputs: null,
  });

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as EvaluationFailure;
  }
  throw new Error('the evaluation succeeded');
};

// Workers run below the API's priority: on a busy machine their processing time comes slowly.
describe('the evaluation box', { timeout: 180_000 }, () => {
  it('evaluates in a worker: the cleaned answers, calculations and messages', async () => {
    const target = box();
    const result = await check(target, simple, { count: 4, unknown: 'dropped' });
    expect(JSON.parse(result.contentJson)).toEqual({ count: 4, double: 8 });
    expect(result.errors.completed).toEqual({ name: ['Enter name'] });
    expect(result.errors.draft).toEqual({});
  });

  it("starts its workers with nothing of the API's environment, in an empty folder, unprivileged, reading only their own file", async () => {
    process.env.DATABASE_URL = 'postgres://secret@db.example/dcf';
    process.env.SESSION_SECRET = 'a-session-secret-the-worker-must-not-see-0123456789';
    try {
      const target = box();
      await target.start();
      const [pid] = target.workerPids();
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      expect(environ).not.toContain('DATABASE_URL');
      expect(environ).not.toContain('SESSION_SECRET');
      // Node's own IPC variables, and TZ when the API has one: nothing else.
      const names = environ
        .split('\0')
        .filter(Boolean)
        .map((entry) => entry.split('=')[0]);
      expect(names.filter((name) => !name?.startsWith('NODE_CHANNEL_'))).toEqual(
        process.env.TZ ? ['TZ'] : [],
      );
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--permission');
      expect(argv).toContain('--disallow-code-generation-from-strings');
      expect(argv.filter((a) => a.startsWith('--allow-'))).toEqual([
        `--allow-fs-read=${inject('evaluationWorker')}`,
      ]);
      expect(argv).toContain('--max-old-space-size=256');
      expect(readlinkSync(`/proc/${pid}/cwd`)).toMatch(/dcf-evaluation-/);
      const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      expect(Number(uid)).toBe(process.getuid?.() === 0 ? 65534 : process.getuid?.());
      // And it still evaluates.
      expect((await check(target, simple, { name: 'x' })).errors.completed).toEqual({});
    } finally {
      delete process.env.DATABASE_URL;
      delete process.env.SESSION_SECRET;
    }
  });

  it('sends a form version to a worker once, then names it', async () => {
    const target = box();
    await check(target, simple, { count: 1 }, 'f:7');
    // The key alone: the worker holds the version.
    const result = await target.checkReturn({
      form: { key: 'f:7' },
      content: { count: 2 },
      status: 'draft',
      ruleInputs: null,
    });
    expect(JSON.parse(result.contentJson)).toEqual({ count: 2, double: 4 });
  });

  it('stops an evaluation that runs over its budget, naming the question, and keeps serving', async () => {
    let counted = 0;
    const target = box({ budgetMs: 1_000, onOverBudget: () => counted++ });
    const failure = await failureOf(check(target, slowForm(400), {}));
    expect(failure).toBeInstanceOf(EvaluationFailure);
    expect(failure.reason).toBe('time');
    expect(failure.at.question).toMatchObject({ key: expect.stringMatching(/^slow\d+$/) });
    expect(counted).toBe(1);
    expect((await check(target, simple, { name: 'x' }, 'f:2')).errors.completed).toEqual({});
  });

  it('kills a worker that does not stop itself at the budget and starts another', async () => {
    const target = box({ budgetMs: 10 });
    await target.start();
    const [before] = target.workerPids();
    // One rule of ~90,000 steps takes 20-50 ms: the worker cannot stop itself at 6 ms, it is killed at 10.
    const failure = await failureOf(check(target, slowForm(1), {}));
    expect(failure.reason).toBe('time');
    expect(failure.at).toEqual({});
    await expect
      .poll(() => target.workerPids().some((pid) => pid !== before), { timeout: 20_000 })
      .toBe(true);
    const next = await check(target, simple, { name: 'x' }, 'f:3').catch((error) => error);
    // Within 10 ms of processing a small form may or may not be checked; it is answered either way.
    expect(next instanceof EvaluationFailure || next.errors !== undefined).toBe(true);
  });

  it('answers a worker killed mid-evaluation with a clean failure, and replaces it', async () => {
    const target = box();
    await target.start();
    const [pid] = target.workerPids();
    const running = failureOf(check(target, slowForm(200), {}));
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid as number, 'SIGKILL');
    const failure = await running;
    expect(failure).toBeInstanceOf(EvaluationFailure);
    expect(failure.reason).toBe('crashed');
    await expect
      .poll(() => target.workerPids().some((other) => other !== pid), { timeout: 20_000 })
      .toBe(true);
    expect((await check(target, simple, { name: 'x' }, 'f:4')).errors.completed).toEqual({});
  });

  it('answers a worker that dies at its heap limit with a memory failure', async () => {
    const target = box({ memoryMb: 48, budgetMs: 60_000 });
    // Three labels of 20 MB each: past the worker's 48 MB heap as soon as it reads them.
    const huge = {
      display: 'form',
      components: Array.from({ length: 3 }, (_, i) => ({
        type: 'textfield',
        key: `q${i}`,
        label: `${i}`.repeat(20_000_000),
        input: true,
      })),
    };
    const failure = await failureOf(
      target.checkReturn({
        form: { key: 'huge', version: { definition: huge, rules: [] } },
        content: {},
        status: 'draft',
        ruleInputs: null,
      }),
    );
    expect(failure.reason).toBe('memory');
    expect((await check(target, simple, { name: 'x' }, 'f:5')).errors.completed).toEqual({});
  });
});
