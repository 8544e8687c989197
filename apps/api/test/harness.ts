import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { demoUsers } from '../src/db/seed/demo-users';
import { EvaluationBox } from '../src/platform/evaluation-box/pool';
import { countEvaluationTimeout } from '../src/platform/metrics';
import type { App, RouteModule } from '../src/platform/route-module';

const DEMO_COLLECTION_NAME = 'Monthly workforce return';

import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../src/platform/sessions';
import { databaseUrlFor, engine, postgresAdminUrl } from './engine';

export type PersonaKey = (typeof demoUsers)[number]['key'];

export interface TestApp {
  app: App;
  /** The app's evaluation box (its workers' process ids: what they can reach, killing one). */
  box: EvaluationBox;
  database: DatabaseHandle;
  config: Config;
  /** A client with no session. */
  anonymous(): Client;
  /** A client signed in as one of the demo personas (a real session row and cookie). */
  as(persona: PersonaKey): Promise<Client>;
  /** A client signed in as any user id. */
  asUser(userId: number): Promise<Client>;
  /** The id of the seeded demo collection ("Monthly workforce return"). */
  demoCollectionId(): Promise<number>;
  /** The id of a seeded organisation by ODS code (e.g. RJ1, RGT). */
  organisationId(code: string): Promise<number>;
  /** The user id of a demo persona. */
  userId(persona: PersonaKey): Promise<number>;
  close(): Promise<void>;
}

export interface Response<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
}

/** An injected request's answer as the tests read it: the body parsed when it is JSON. */
export function toResponse<T = any>(injected: {
  statusCode: number;
  headers: Response['headers'];
  body: string;
}): Response<T> {
  const type = String(injected.headers['content-type'] ?? '');
  return {
    status: injected.statusCode,
    headers: injected.headers,
    text: injected.body,
    body: (type.includes('json') && injected.body ? JSON.parse(injected.body) : injected.body) as T,
  };
}

/**
 * An HTTP client over fastify.inject that keeps cookies like a browser and sends the CSRF header
 * the way the web app does. `{ csrf: false }` leaves the header off, to test the protection.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: App) {
    this.cookies.set(CSRF_COOKIE, randomBytes(16).toString('base64url'));
  }

  async request<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && options.csrf !== false)
      headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return toResponse<T>(response);
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request<T>('POST', url, body ?? {}, options);
  }
  put<T = any>(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request<T>('PUT', url, body ?? {}, options);
  }
  patch<T = any>(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request<T>('PATCH', url, body ?? {}, options);
  }
  delete<T = any>(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request<T>('DELETE', url, body, options);
  }
}

/** A copy of the seeded test database (for a test that runs the service in a child process too). */
export async function openTestDatabase(
  poolSize = 5,
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const template = inject('databaseTemplate');
  if (engine === 'pglite') {
    const lite = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
    const handle = await openDatabase({ pgliteDir: 'memory://', pglite: lite });
    return { handle, drop: () => lite.close() };
  }
  const name = `dcf_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(name), pgliteDir: '', poolSize });
  return {
    handle,
    drop: async () => {
      const a = new pg.Client({ connectionString: postgresAdminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A whole application on its own copy of the seeded database (one per test file, in beforeAll). */
export async function startTestApp(
  env: Record<string, string> = {},
  extraModules: RouteModule[] = [],
  /** Where log lines go when LOG_LEVEL is not silent (a test that reads them). */
  logStream?: { write(line: string): void },
): Promise<TestApp> {
  // Five connections per file (files run side by side), unless the test asks for the service's own pool.
  const { handle, drop } = await openTestDatabase(
    env.DATABASE_POOL_SIZE === undefined ? undefined : Number(env.DATABASE_POOL_SIZE),
  );
  // An app that keeps its blobs on disk gets a folder of its own, removed when it closes.
  const blobDir =
    env.STORAGE_DRIVER === 'local' && env.STORAGE_LOCAL_DIR === undefined
      ? await mkdtemp(path.join(tmpdir(), 'dcf-blobs-'))
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_MAX: '100000',
    ...(blobDir ? { STORAGE_LOCAL_DIR: blobDir } : {}),
    ...env,
  });
  // The evaluation box's workers start from the bundle the global set-up made once for the run.
  const box = new EvaluationBox({
    ...config.evaluation,
    workerFile: inject('evaluationWorker'),
    onOverBudget: countEvaluationTimeout,
  });
  const app = await buildApp(
    { config, database: handle, box },
    { extraModules, ...(logStream ? { logStream } : {}) },
  );
  await app.ready();
  const userId = async (persona: PersonaKey) => {
    const email = demoUsers.find((u) => u.key === persona)?.email;
    const user = await handle.db
      .selectFrom('appUser')
      .select('id')
      .where('email', '=', email ?? '')
      .executeTakeFirstOrThrow();
    return user.id;
  };
  const asUser = async (userId: number) => {
    const client = new Client(app);
    const { token, csrfToken } = await createSession(handle.db, config, userId, { sessionManagement: true });
    client.cookies.set(SESSION_COOKIE, token);
    client.cookies.set(CSRF_COOKIE, csrfToken);
    return client;
  };
  return {
    app,
    box,
    database: handle,
    config,
    anonymous: () => new Client(app),
    asUser,
    async demoCollectionId() {
      const row = await handle.db
        .selectFrom('collection')
        .select('id')
        .where('name', '=', DEMO_COLLECTION_NAME)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async organisationId(code) {
      const row = await handle.db
        .selectFrom('organisation')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    userId,
    async as(persona) {
      return asUser(await userId(persona));
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
      if (blobDir) await rm(blobDir, { recursive: true, force: true });
    },
  };
}

/** A tuple without its first element (optional or not). */
type Tail<T extends unknown[]> = T extends [unknown?, ...infer Rest] ? Rest : never;

/**
 * The file's app: started in a beforeAll, closed in an afterAll. What it returns stands for the app once
 * that beforeAll has run (in later hooks and in tests), so a file declares it in one line. `env` may be a
 * function, read when the app starts: for a setting known only once an earlier beforeAll has run (the
 * address of a fake server the file starts).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  ...options: Tail<Parameters<typeof startTestApp>>
): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(typeof env === 'function' ? env() : env, ...options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!started) throw new Error('The test app starts in beforeAll: use it in a later hook or in a test.');
      return Reflect.get(started, key);
    },
  });
}
