import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { lock, newPage, save } from '../../test/support/submission-fixtures';
import { access } from './policy';
import type { RouteModule } from './route-module';

// Fair admission of saves (decision 0043), through HTTP: a route that declares `admission: 'save'`
// holds its request until the test lets it go, so what runs, what waits and in which order shows.

interface Held {
  started: number[];
  release(n: number): void;
}

function heldRoute(): { module: RouteModule; held: Held } {
  const started: number[] = [];
  const gates = new Map<number, () => void>();
  const waiting = new Map<number, Promise<void>>();
  const turn = (n: number) => {
    if (!waiting.has(n)) waiting.set(n, new Promise<void>((resolve) => gates.set(n, resolve)));
    return waiting.get(n) as Promise<void>;
  };
  const module: RouteModule = (app) => {
    // A GET: no anti-forgery token to send, and the gate does not care about the method.
    app.get(
      '/test/held/:n',
      { config: { access: access.public, admission: 'save' } },
      async (request: { params: unknown }) => {
        const n = Number((request.params as { n: string }).n);
        started.push(n);
        await turn(n);
        return { n };
      },
    );
  };
  const held: Held = {
    started,
    release: (n) => {
      void turn(n);
      gates.get(n)?.();
    },
  };
  return { module, held };
}

const tick = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** Waits until `n` held requests have started (a loaded machine is slow), then a little more. */
async function startedCount(held: Held, n: number) {
  for (let i = 0; i < 400 && held.started.length < n; i++) await tick(25);
  await tick();
  return held.started;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string>) {
  const { module, held } = heldRoute();
  t = await startTestApp(env, [module]);
  const app = t.app;
  const send = (n: number) => app.inject({ method: 'GET', url: `/v1/api/test/held/${n}` });
  return { app, held, send };
}

describe('fair admission of saves', () => {
  it('runs as many as allowed, lets the rest in first come first served, and refuses past the queue with 503 and Retry-After', async () => {
    const { app, held, send } = await start({ SAVE_ADMISSION_IN_FLIGHT: '2', SAVE_ADMISSION_QUEUE: '3' });
    const answers = [1, 2, 3, 4, 5].map((n) => send(n));
    expect(await startedCount(held, 2)).toEqual([1, 2]);

    // The queue is full: one more is answered at once, the busy database's 503.
    const refused = await send(6);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: 'database_unavailable', status: 503 });

    // Health and everything else never wait at the gate.
    expect((await app.inject({ method: 'GET', url: '/v1/api/health/live' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/api/health/ready' })).statusCode).toBe(200);

    // Each turn given back lets the next in, in the order they came.
    held.release(2);
    expect(await startedCount(held, 3)).toEqual([1, 2, 3]);
    held.release(1);
    expect(await startedCount(held, 4)).toEqual([1, 2, 3, 4]);
    for (const n of [3, 4, 5]) held.release(n);
    const done = await Promise.all(answers);
    expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(held.started).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a save that waited past the bound with 503, and the next one still gets its turn', async () => {
    const { held, send } = await start({ SAVE_ADMISSION_IN_FLIGHT: '1', SAVE_ADMISSION_WAIT_MS: '100' });
    const first = send(1);
    await startedCount(held, 1);
    const late = await send(2);
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(held.started).toEqual([1]);
    held.release(1);
    expect((await first).statusCode).toBe(200);
    held.release(3);
    expect((await send(3)).statusCode).toBe(200);
  });

  it('gives the place of a save whose client went away while waiting to the saves behind it, and never runs it', async () => {
    const { app, held, send } = await start({ SAVE_ADMISSION_IN_FLIGHT: '1', SAVE_ADMISSION_QUEUE: '1' });
    const first = send(1);
    await startedCount(held, 1);
    // A real connection (inject has none to close): the second save waits, then its client goes away.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = httpRequest(`${address}/v1/api/test/held/2`);
    leaving.on('error', () => undefined);
    await new Promise<void>((connected) => leaving.on('socket', (s) => s.on('connect', () => connected())));
    leaving.end();
    await tick(500);
    leaving.destroy();
    await tick(200);
    // Its place is free again (the queue holds one): the next save waits instead of being refused.
    const third = send(3);
    // Were it still queued, it would run now (and the third be refused): let all three go.
    for (const n of [1, 2, 3]) held.release(n);
    expect((await first).statusCode).toBe(200);
    expect((await third).statusCode).toBe(200);
    expect(held.started).toEqual([1, 3]);
  });

  it('holds a draft save at the gate while the saves allowed are running', async () => {
    const { held, send } = await start({ SAVE_ADMISSION_IN_FLIGHT: '1' });
    const test = t as TestApp;
    const clerk = await test.as('clerkA');
    const view = await lock(clerk, await newPage(test));
    const running = send(1);
    await startedCount(held, 1);
    let answered = false;
    const saving = save(clerk, view.submissionId, { content: { headcount: 3 }, baseRevisionId: null }).then(
      (res) => {
        answered = true;
        return res;
      },
    );
    await tick(500);
    expect(answered).toBe(false);
    held.release(1);
    await running;
    expect((await saving).status).toBe(201);
  });
});
