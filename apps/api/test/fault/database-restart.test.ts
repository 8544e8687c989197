import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoData, seedReferenceData } from '../../src/db/seed';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../../src/platform/sessions';
import { type ApiProcess, startApiProcess } from './api-process';
import { createPostgresCluster, type PostgresCluster } from './postgres-cluster';

/**
 * Operator faults under load (decision 0018). Two real API processes share a PostgreSQL cluster this
 * test owns; clerks save drafts through HTTP (lock, then save on the latest revision) alternating
 * between the instances. Mid-load the database restarts (pg_ctl stop -m fast, then start), then one
 * instance is killed with SIGKILL while saves are in flight. Afterwards every save that was answered
 * 201 must be in the database, the surviving process must be running, health must have said
 * "degraded" during the outage, and saves must have worked again within 5 s of the database's return.
 */

const WORKERS = 8;
const RECOVERY_LIMIT_MS = 5_000;

let cluster: PostgresCluster | undefined;
let database: DatabaseHandle | undefined;
let blobDir: string | undefined;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  cluster = await createPostgresCluster();
  database = await openDatabase({ databaseUrl: cluster.url, pgliteDir: '', poolSize: 2 });
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  blobDir = mkdtempSync(path.join(tmpdir(), 'dcf-fault-blobs-'));
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: cluster.url,
    DATABASE_CONNECT_TIMEOUT_MS: '3000',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    STORAGE_LOCAL_DIR: blobDir,
    RATE_LIMIT_MAX: '1000000',
    // The job worker polls the database too: it must ride out the restart as well.
    JOBS_RUN: 'true',
  };
  apis.push(...(await Promise.all([startApiProcess('api-1', env), startApiProcess('api-2', env)])));
}, 240_000);

afterAll(async () => {
  for (const api of apis) await api.kill();
  await database?.close().catch(() => {});
  await cluster?.destroy();
  if (blobDir) rmSync(blobDir, { recursive: true, force: true });
});

interface Outcome {
  api: string;
  kind: 'lock' | 'save';
  /** HTTP status, or 0 when the connection failed (the instance was killed). */
  status: number;
  startedAt: number;
  endedAt: number;
}
interface Acknowledged {
  api: string;
  submissionId: number;
  revisionId: number;
  headcount: number;
  at: number;
}

/** Waits for a condition, checking every 50 ms; fails with `what` if it never holds. */
async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function clerkCookies(db: DatabaseHandle['db']): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: cluster!.url });
  const user = await db
    .selectFrom('appUser')
    .select('id')
    .where('email', '=', 'clerk.a@dcf.example')
    .executeTakeFirstOrThrow();
  const { token, csrfToken } = await createSession(db, config, user.id, { sessionManagement: true });
  return `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`;
}

/** One open reporting period of the demo collection per worker, so each worker has its own return. */
async function pageUrls(db: DatabaseHandle['db'], count: number): Promise<string[]> {
  const collection = await db
    .selectFrom('collection')
    .select('id')
    .where('name', '=', 'Monthly workforce return')
    .executeTakeFirstOrThrow();
  const form = await db
    .selectFrom('form')
    .select('id')
    .where('collectionId', '=', collection.id)
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  const organisation = await db
    .selectFrom('organisation')
    .select('id')
    .where('code', '=', 'RJ1')
    .executeTakeFirstOrThrow();
  const day = 86_400_000;
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const period = await db
      .insertInto('reportingPeriod')
      .values({
        collectionId: collection.id,
        formId: form.id,
        name: `Fault test ${1900 + i}`,
        start: `${1900 + i}-01-01`,
        end: `${1900 + i}-01-31`,
        submissionsOpen: new Date(Date.now() - day),
        submissionsClose: new Date(Date.now() + day),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    urls.push(
      `/v1/api/Collection/${collection.id}/ReportingPeriod/${period.id}/Organisation/${organisation.id}/Submission`,
    );
  }
  return urls;
}

describe('faults under load: database restart, instance killed mid-save', () => {
  it('keeps running, says degraded, recovers within 5 s and loses no acknowledged save', async () => {
    const db = database!.db;
    const cookie = await clerkCookies(db);
    const pages = await pageUrls(db, WORKERS);
    const outcomes: Outcome[] = [];
    const acknowledged: Acknowledged[] = [];
    const killed = new Set<string>();
    const savesInFlight = new Map<string, number>(apis.map((api) => [api.name, 0]));
    let stopped = false;
    let nextHeadcount = 0;

    async function call(api: ApiProcess, kind: Outcome['kind'], url: string, body: unknown) {
      const startedAt = Date.now();
      if (kind === 'save') savesInFlight.set(api.name, (savesInFlight.get(api.name) ?? 0) + 1);
      try {
        const res = await fetch(`${api.baseUrl}${url}`, {
          method: 'POST',
          headers: {
            cookie,
            // The session's own anti-forgery token (csrf.ts), as the cookie carries it.
            [CSRF_HEADER]: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
        outcomes.push({ api: api.name, kind, status: res.status, startedAt, endedAt: Date.now() });
        return { status: res.status, body: json };
      } catch {
        outcomes.push({ api: api.name, kind, status: 0, startedAt, endedAt: Date.now() });
        return { status: 0, body: null };
      } finally {
        if (kind === 'save') savesInFlight.set(api.name, (savesInFlight.get(api.name) ?? 1) - 1);
      }
    }

    async function worker(index: number): Promise<void> {
      let view: { submissionId: number; currentRevisionId: number | null } | null = null;
      for (let turn = index; !stopped; turn++) {
        const alive = apis.filter((api) => !killed.has(api.name));
        const api = alive[turn % alive.length]!;
        if (!view) {
          const res = await call(api, 'lock', `${pages[index]}/Lock`, {});
          if (res.status === 200 && res.body)
            view = {
              submissionId: Number(res.body.submissionId),
              currentRevisionId: res.body.currentRevisionId as number | null,
            };
          // A client backs off a little while the service is unavailable.
          else await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        const headcount = ++nextHeadcount;
        const res = await call(api, 'save', `/v1/api/Submission/${view.submissionId}/SubmissionRevision`, {
          status: 'draft',
          content: { headcount },
          baseRevisionId: view.currentRevisionId,
        });
        if (res.status === 201 && res.body) {
          const revisionId = Number(res.body.currentRevisionId);
          acknowledged.push({
            api: api.name,
            submissionId: view.submissionId,
            revisionId,
            headcount,
            at: Date.now(),
          });
          view.currentRevisionId = revisionId;
        } else {
          // Unanswered or refused: the save may or may not have committed, so read the return again.
          view = null;
        }
      }
    }

    const load = Promise.all(pages.map((_, index) => worker(index)));
    try {
      await until('30 saves before the restart', () => acknowledged.length >= 30);

      // 1. PostgreSQL restarts under load.
      const downAt = Date.now();
      await cluster!.stop('fast');
      const degraded = await Promise.all(
        apis.map((api) =>
          until(`${api.name} health to say degraded`, async () => {
            if (!api.isAlive())
              throw new Error(
                `${api.name} exited when the database went away:\n${api.output().slice(-20_000)}`,
              );
            const res = await fetch(`${api.baseUrl}/v1/api/health`);
            const body = (await res.json()) as { status: string; database: { status: string } };
            return res.status === 503 && body.status === 'degraded' && body.database.status === 'unavailable';
          }),
        ),
      );
      expect(degraded).toEqual([true, true]);
      // The load meets the outage on both instances before the database comes back.
      await until('saves refused during the outage', () =>
        apis.every((api) =>
          outcomes.some((o) => o.api === api.name && o.startedAt > downAt && o.status === 503),
        ),
      );
      await cluster!.start();
      const upAt = Date.now();
      const firstSaveAfter = await Promise.all(
        apis.map((api) =>
          until(`a save on ${api.name} after the database is back`, () =>
            acknowledged.find((a) => a.api === api.name && a.at > upAt),
          ),
        ),
      );
      const recoveryMs = firstSaveAfter.map((a) => a.at - upAt);
      expect(apis.map((api) => api.isAlive())).toEqual([true, true]);
      for (const ms of recoveryMs) expect(ms).toBeLessThan(RECOVERY_LIMIT_MS);
      const healthAfter = await Promise.all(apis.map((api) => fetch(`${api.baseUrl}/v1/api/health`)));
      expect(healthAfter.map((r) => r.status)).toEqual([200, 200]);
      const outage = outcomes.filter((o) => o.startedAt >= downAt && o.startedAt < upAt);

      // 2. One instance is killed (SIGKILL) while saves are in flight on it.
      const savedBeforeKill = acknowledged.length;
      await until('more saves after the restart', () => acknowledged.length >= savedBeforeKill + 30);
      const victim = apis[1]!;
      await until(
        `a save in flight on ${victim.name}`,
        () => (savesInFlight.get(victim.name) ?? 0) > 0,
        30_000,
      );
      killed.add(victim.name);
      const killedAt = Date.now();
      await victim.kill('SIGKILL');
      const savedAtKill = acknowledged.length;
      await until('saves on the surviving instance', () => acknowledged.length >= savedAtKill + 30);
      stopped = true;
      await load;

      // Every acknowledged save is in the database, with the answer that was sent.
      const rows = await db
        .selectFrom('submissionRevision')
        .select(['id', 'submissionId', 'content'])
        .where(
          'id',
          'in',
          acknowledged.map((a) => a.revisionId),
        )
        .execute();
      const stored = new Map(rows.map((r) => [r.id, r]));
      const lost = acknowledged.filter((a) => {
        const row = stored.get(a.revisionId);
        return !row || row.submissionId !== a.submissionId || row.content.headcount !== a.headcount;
      });
      expect(lost).toEqual([]);
      expect(apis[0]!.isAlive(), apis[0]!.output().slice(-20_000)).toBe(true);
      // No request answered 500 (or hung): refusals during the outage are 503 problems.
      const serverErrors = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
      expect(serverErrors, apis[0]!.output().slice(-20_000)).toEqual([]);
      const droppedByKill = outcomes.filter((o) => o.status === 0);
      expect(droppedByKill.every((o) => o.api === victim.name && o.endedAt >= killedAt)).toBe(true);

      const outageFailed = outage.filter((o) => o.status !== 200 && o.status !== 201);
      console.info(
        `[fault test] ${acknowledged.length} saves acknowledged, ${lost.length} lost; restart: outage ${
          (upAt - downAt) / 1000
        } s, ${outageFailed.length} of ${outage.length} requests during it refused (${
          outageFailed.filter((o) => o.status === 503).length
        } with 503, slowest ${Math.max(0, ...outageFailed.map((o) => o.endedAt - o.startedAt))} ms), saves again ${recoveryMs
          .map((ms) => `${(ms / 1000).toFixed(2)} s`)
          .join(' / ')} after the database was back; kill: ${droppedByKill.length} requests cut off`,
      );
    } finally {
      stopped = true;
      await load;
    }
  }, 150_000);
});
