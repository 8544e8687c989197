import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../../test/harness';
import { deferred } from '../../../test/support/deferred';
import { buildApp } from '../../app';
import { defineJobKind, type JobKind, UnknownJobKind } from './kinds';
import { enqueue, JOB_PRIORITY } from './queue';
import { jobHandler, LostClaim } from './registry';
import { createJobRunner, defineScheduledJobKind, latestFireTime } from './runner';

/**
 * The kinds these tests run. Declared once the app has started: the service refuses to start while a
 * declared kind has no handler in its list (the last test shows it), and these are the tests' own.
 */
function declareTestKinds() {
  const numbered = z.object({ n: z.number() });
  const empty = z.object({});
  return {
    record: defineJobKind('test.record', numbered),
    flaky: defineJobKind('test.flaky', empty),
    count: defineJobKind('test.count', numbered),
    ordered: defineJobKind('test.ordered', z.object({ label: z.string() })),
    together: defineJobKind('test.together', numbered),
    fanOut: defineJobKind('test.fanOut', empty),
    long: defineJobKind('test.long', empty),
    marker: defineJobKind('test.marker', empty),
    quick: defineJobKind('test.quick', empty),
    slow: defineJobKind('test.slow', numbered, { maxAttempts: 2 }),
  };
}

let kinds: ReturnType<typeof declareTestKinds>;
const t = useTestApp();
beforeAll(async () => {
  kinds = declareTestKinds();
}, 60_000);

describe('job queue', () => {
  it('runs a job once per idempotency key, only after its transaction commits', async () => {
    const db = t.database.db;
    const seen: unknown[] = [];
    const runner = createJobRunner({
      db,
      config: t.config,
      jobs: [jobHandler(kinds.record, async ({ n }) => void seen.push(n))],
    });
    await db
      .transaction()
      .execute(async (tx) => {
        await enqueue(tx, kinds.record, { n: 0 }, { key: 'k-rolled-back' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await enqueue(db, kinds.record, { n: 1 }, { key: 'k1' })).toBe(true);
    expect(await enqueue(db, kinds.record, { n: 2 }, { key: 'k1' })).toBe(false);
    expect(await runner.runUntilIdle()).toBe(1);
    expect(await runner.runUntilIdle()).toBe(0);
    expect(seen).toEqual([1]);
  });

  it('retries a failing job with back-off, then marks it failed after maxAttempts', async () => {
    const db = t.database.db;
    let calls = 0;
    const runner = createJobRunner({
      db,
      config: t.config,
      jobs: [
        jobHandler(kinds.flaky, async () => {
          calls++;
          throw new Error(`attempt ${calls} failed`);
        }),
      ],
    });
    await enqueue(db, kinds.flaky, {}, { key: 'flaky-1', maxAttempts: 2 });
    await runner.runUntilIdle();
    let job = await db.selectFrom('job').selectAll().where('key', '=', 'flaky-1').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'attempt 1 failed' });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing runs. Once due, the last attempt fails for good.
    expect(await runner.runUntilIdle()).toBe(0);
    await db.updateTable('job').set({ runAt: new Date() }).where('key', '=', 'flaky-1').execute();
    await runner.runUntilIdle();
    job = await db.selectFrom('job').selectAll().where('key', '=', 'flaky-1').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 2, lastError: 'attempt 2 failed' });
    expect(calls).toBe(2);
  });

  it('two workers side by side run each job once (skip locked)', async () => {
    const db = t.database.db;
    const runs = new Map<number, number>();
    const jobs = [
      jobHandler(kinds.count, async ({ n }) => {
        await new Promise((r) => setTimeout(r, 5));
        runs.set(n, (runs.get(n) ?? 0) + 1);
      }),
    ];
    for (let n = 0; n < 20; n++) await enqueue(db, kinds.count, { n }, { key: `count-${n}` });
    const a = createJobRunner({ db, config: t.config, jobs });
    const b = createJobRunner({ db, config: t.config, jobs });
    const [ranA, ranB] = await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    expect(ranA + ranB).toBe(20);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(20);
  });

  it('claims by priority, then by due time: an urgent job queued last runs before the bulk queue', async () => {
    const db = t.database.db;
    const order: string[] = [];
    const runner = createJobRunner({
      db,
      config: t.config,
      concurrency: 1,
      jobs: [jobHandler(kinds.ordered, async ({ label }) => void order.push(label))],
    });
    const earlier = new Date(Date.now() - 60_000);
    for (let n = 1; n <= 3; n++)
      await enqueue(db, kinds.ordered, { label: `bulk ${n}` }, { priority: JOB_PRIORITY.bulk });
    await enqueue(db, kinds.ordered, { label: 'normal, due earlier' }, { runAt: earlier });
    await enqueue(db, kinds.ordered, { label: 'normal' });
    await enqueue(db, kinds.ordered, { label: 'urgent' }, { priority: JOB_PRIORITY.urgent });
    expect(await runner.runUntilIdle()).toBe(6);
    expect(order).toEqual(['urgent', 'normal, due earlier', 'normal', 'bulk 1', 'bulk 2', 'bulk 3']);
  });

  it('one worker runs up to its concurrency at once, and keeps every lane busy while a job adds more', async () => {
    const db = t.database.db;
    let inFlight = 0;
    let mostAtOnce = 0;
    // Each of the first three jobs waits until all three are running: with fewer lanes this never ends.
    const { promise: allStarted, resolve: release } = deferred();
    let started = 0;
    const ran: number[] = [];
    const runner = createJobRunner({
      db,
      config: t.config,
      concurrency: 3,
      jobs: [
        jobHandler(kinds.together, async ({ n }) => {
          inFlight++;
          mostAtOnce = Math.max(mostAtOnce, inFlight);
          if (++started === 3) release();
          await allStarted;
          ran.push(n);
          inFlight--;
        }),
        // A job that adds three more while it runs (as an event adds its emails).
        jobHandler(kinds.fanOut, async (_payload, ctx) => {
          for (let n = 10; n < 13; n++) await enqueue(ctx.db, kinds.together, { n });
        }),
      ],
    });
    await enqueue(db, kinds.fanOut, {});
    expect(await runner.runUntilIdle()).toBe(4);
    expect(mostAtOnce).toBe(3);
    expect(ran.sort()).toEqual([10, 11, 12]);
  });

  it('a free lane takes a job queued while a long job runs in another lane, without waiting for it', async () => {
    const db = t.database.db;
    const { promise: longRunning, resolve: finishLong } = deferred();
    const { promise: longHasStarted, resolve: longStarted } = deferred();
    const { promise: quickHasRun, resolve: quickDone } = deferred();
    const order: string[] = [];
    const runner = createJobRunner({
      db,
      config: t.config,
      concurrency: 2,
      pollMs: 50,
      jobs: [
        jobHandler(kinds.long, async () => {
          longStarted();
          await longRunning;
          order.push('long');
        }),
        jobHandler(kinds.marker, async () => void order.push('marker')),
        jobHandler(kinds.quick, async () => {
          order.push('quick');
          quickDone();
        }),
      ],
    });
    await enqueue(db, kinds.long, {}, { key: 'long-1' });
    await enqueue(db, kinds.marker, {}, { key: 'marker-1' });
    const running = runner.runUntilIdle();
    await longHasStarted;
    // The other lane ran the marker and then found the queue empty; the quick job is queued only now.
    const statusOf = async (key: string) =>
      (await db.selectFrom('job').select('status').where('key', '=', key).executeTakeFirstOrThrow()).status;
    await expect.poll(() => statusOf('marker-1')).toBe('done');
    await enqueue(db, kinds.quick, {}, { key: 'quick-1' });
    await quickHasRun;
    // Completed in the queue while the long job still runs.
    await expect.poll(() => statusOf('quick-1')).toBe('done');
    expect(order).toEqual(['marker', 'quick']);
    finishLong();
    expect(await running).toBe(3);
    expect(order).toEqual(['marker', 'quick', 'long']);
  });

  it('reads cron schedules in Europe/London across the clock change', () => {
    const daily = { kind: defineScheduledJobKind('test.daily'), cron: '0 9 * * *', tz: 'Europe/London' };
    // 09:00 London is 08:00 UTC in summer time and 09:00 UTC in winter.
    expect(latestFireTime(daily, new Date('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(latestFireTime(daily, new Date('2026-03-30T12:00:00Z')).toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    expect(latestFireTime(daily, new Date('2026-03-30T07:59:00Z')).toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
  });

  it('refuses at enqueue a kind nobody declared (a type error too) and a payload its schema refuses', async () => {
    const db = t.database.db;
    const forged = { name: 'test.record', schema: z.object({ n: z.number() }) } as JobKind<{ n: number }>;
    await expect(enqueue(db, forged, { n: 1 })).rejects.toThrow(UnknownJobKind);
    // @ts-expect-error a job is raised by its kind, never by a name
    await expect(enqueue(db, 'test.record', { n: 1 })).rejects.toThrow(UnknownJobKind);
    // @ts-expect-error the payload's type is the kind's schema
    await expect(enqueue(db, kinds.record, { n: 'one' })).rejects.toThrow(/expected number/);
    expect(await db.selectFrom('job').select('id').where('name', '=', 'test.record').execute()).toHaveLength(
      1,
    );
  });

  it('fails at once, without retrying, a job whose stored payload its schema refuses', async () => {
    const db = t.database.db;
    let ran = false;
    const runner = createJobRunner({
      db,
      config: t.config,
      jobs: [
        jobHandler(kinds.record, async () => {
          ran = true;
        }),
      ],
    });
    await db
      .insertInto('job')
      .values({ name: 'test.record', key: 'bad-payload', data: '{"n":"x"}' })
      .execute();
    await runner.runUntilIdle();
    const job = await db
      .selectFrom('job')
      .selectAll()
      .where('key', '=', 'bad-payload')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toContain('expected number');
    expect(ran).toBe(false);
  });

  it('renews the lease while a handler runs: one that outlives its first lease runs once', async () => {
    const db = t.database.db;
    const runs: number[] = [];
    const slow = jobHandler(kinds.slow, async ({ n }) => {
      runs.push(n);
      // Four leases long: without renewal the other worker would claim it again after the first.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    });
    const outcomes: string[] = [];
    // One lane each: the renewal is the subject, not a crowd of idle lanes polling one PGlite connection.
    const options = {
      db,
      config: t.config,
      jobs: [slow],
      leaseSeconds: 0.5,
      concurrency: 1,
      pollMs: 50,
      onRun: (r: { attempt: number; outcome: string }) => void outcomes.push(`${r.attempt} ${r.outcome}`),
    };
    const first = createJobRunner(options);
    const second = createJobRunner(options);
    await enqueue(db, kinds.slow, { n: 1 }, { key: 'slow-1' });
    const running = first.runUntilIdle();
    await expect
      .poll(
        async () =>
          (await db.selectFrom('job').select('status').where('key', '=', 'slow-1').executeTakeFirst())
            ?.status,
      )
      .toBe('running');
    // The other worker keeps looking while the first one runs it (and past the first lease).
    let secondRan = 0;
    const deadline = Date.now() + 1_500;
    while (Date.now() < deadline) {
      secondRan += await second.runUntilIdle();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await running).toBe(1);
    expect(secondRan).toBe(0);
    expect(outcomes).toEqual(['1 done']);
    expect(runs).toEqual([1]);
    const job = await db.selectFrom('job').selectAll().where('key', '=', 'slow-1').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
  }, 30_000);

  it('refuses completion, progress and changes to a worker whose claim another worker has taken', async () => {
    const db = t.database.db;
    const { promise: released, resolve: release } = deferred();
    const seen: { attempt: number; aborted?: boolean; progress?: unknown; change?: unknown }[] = [];
    const outcomes: string[] = [];
    const handler = jobHandler(kinds.record, async (_payload, ctx) => {
      const run: (typeof seen)[number] = { attempt: ctx.attempt };
      seen.push(run);
      if (ctx.attempt === 1) await released;
      run.progress = await ctx.progress({ done: 1 }).catch((error) => error);
      run.change = await db
        .transaction()
        .execute((tx) => ctx.holdClaim(tx))
        .catch((error) => error);
      run.aborted = ctx.signal.aborted;
    });
    const options = {
      db,
      config: t.config,
      jobs: [handler],
      onRun: (r: { attempt: number; outcome: string }) => void outcomes.push(`${r.attempt} ${r.outcome}`),
    };
    await enqueue(db, kinds.record, { n: 7 }, { key: 'lost-1' });
    const stalled = createJobRunner(options).runUntilIdle();
    await expect.poll(() => seen.length).toBe(1);
    // The first worker stops renewing (a paused process): its lease runs out and another worker claims it.
    await db
      .updateTable('job')
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where('key', '=', 'lost-1')
      .execute();
    expect(await createJobRunner(options).runUntilIdle()).toBe(1);
    release();
    await stalled;
    expect(outcomes).toEqual(['2 done', '1 lost']);
    expect(seen[1]).toEqual({ attempt: 2, progress: undefined, change: undefined, aborted: false });
    expect(seen[0]).toMatchObject({ attempt: 1, aborted: true });
    expect(seen[0]?.progress).toBeInstanceOf(LostClaim);
    expect(seen[0]?.change).toBeInstanceOf(LostClaim);
    const job = await db.selectFrom('job').selectAll().where('key', '=', 'lost-1').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2, progress: { done: 1 } });
  });

  it('gives up, and says so once, a job whose worker was lost on its last attempt', async () => {
    const db = t.database.db;
    const givenUp: string[] = [];
    let ran = 0;
    const runner = createJobRunner({
      db,
      config: t.config,
      jobs: [
        jobHandler(kinds.slow, async () => void ran++, {
          onGiveUp: async ({ n }, { error }) => void givenUp.push(`${n}: ${error}`),
        }),
      ],
    });
    // Claimed twice (maxAttempts 2), and the second worker died too: the lease ran out.
    await db
      .insertInto('job')
      .values({
        name: 'test.slow',
        key: 'lost-twice',
        data: '{"n":3}',
        status: 'running',
        attempts: 2,
        maxAttempts: 2,
        lockedUntil: new Date(Date.now() - 1_000),
      })
      .execute();
    expect(await runner.runUntilIdle()).toBe(1);
    expect(ran).toBe(0);
    expect(givenUp).toEqual(['3: The worker running it stopped during its last attempt (2 of 2)']);
    const job = await db
      .selectFrom('job')
      .selectAll()
      .where('key', '=', 'lost-twice')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('does not start while a declared kind has no handler in the service list', async () => {
    await expect(buildApp({ config: t.config, database: t.database })).rejects.toThrow(
      /No handler for the job kind\(s\) 'test\.record'/,
    );
  });
});
