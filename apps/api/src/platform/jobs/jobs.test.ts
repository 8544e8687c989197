import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { enqueue, JOB_PRIORITY } from './queue';
import { createJobRunner, latestFireTime } from './runner';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

describe('job queue', () => {
  it('runs a job once per idempotency key, only after its transaction commits', async () => {
    const db = t.database.db;
    const seen: unknown[] = [];
    const runner = createJobRunner({
      db,
      config: t.config,
      handlers: { record: async (data) => void seen.push(data.n) },
    });
    await db
      .transaction()
      .execute(async (tx) => {
        await enqueue(tx, { name: 'record', key: 'k-rolled-back', data: { n: 0 } });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await enqueue(db, { name: 'record', key: 'k1', data: { n: 1 } })).toBe(true);
    expect(await enqueue(db, { name: 'record', key: 'k1', data: { n: 2 } })).toBe(false);
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
      handlers: {
        flaky: async () => {
          calls++;
          throw new Error(`attempt ${calls} failed`);
        },
      },
    });
    await enqueue(db, { name: 'flaky', key: 'flaky-1', maxAttempts: 2 });
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
    const handlers = {
      count: async (data: Record<string, unknown>) => {
        await new Promise((r) => setTimeout(r, 5));
        runs.set(Number(data.n), (runs.get(Number(data.n)) ?? 0) + 1);
      },
    };
    for (let n = 0; n < 20; n++) await enqueue(db, { name: 'count', key: `count-${n}`, data: { n } });
    const a = createJobRunner({ db, config: t.config, handlers });
    const b = createJobRunner({ db, config: t.config, handlers });
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
      handlers: { ordered: async (data) => void order.push(String(data.label)) },
    });
    const earlier = new Date(Date.now() - 60_000);
    for (let n = 1; n <= 3; n++)
      await enqueue(db, { name: 'ordered', data: { label: `bulk ${n}` }, priority: JOB_PRIORITY.bulk });
    await enqueue(db, { name: 'ordered', data: { label: 'normal, due earlier' }, runAt: earlier });
    await enqueue(db, { name: 'ordered', data: { label: 'normal' } });
    await enqueue(db, { name: 'ordered', data: { label: 'urgent' }, priority: JOB_PRIORITY.urgent });
    expect(await runner.runUntilIdle()).toBe(6);
    expect(order).toEqual(['urgent', 'normal, due earlier', 'normal', 'bulk 1', 'bulk 2', 'bulk 3']);
  });

  it('one worker runs up to its concurrency at once, and keeps every lane busy while a job adds more', async () => {
    const db = t.database.db;
    let inFlight = 0;
    let mostAtOnce = 0;
    // Each of the first three jobs waits until all three are running: with fewer lanes this never ends.
    let release: () => void = () => {};
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const ran: number[] = [];
    const runner = createJobRunner({
      db,
      config: t.config,
      concurrency: 3,
      handlers: {
        together: async (data) => {
          inFlight++;
          mostAtOnce = Math.max(mostAtOnce, inFlight);
          if (++started === 3) release();
          await allStarted;
          ran.push(Number(data.n));
          inFlight--;
        },
        // A job that adds three more while it runs (as an event adds its emails).
        fanOut: async (_data, ctx) => {
          for (let n = 10; n < 13; n++) await enqueue(ctx.db, { name: 'together', data: { n } });
        },
      },
    });
    await enqueue(db, { name: 'fanOut' });
    expect(await runner.runUntilIdle()).toBe(4);
    expect(mostAtOnce).toBe(3);
    expect(ran.sort()).toEqual([10, 11, 12]);
  });

  it('reads cron schedules in Europe/London across the clock change', () => {
    const daily = { name: 'x', cron: '0 9 * * *', tz: 'Europe/London' };
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
});
