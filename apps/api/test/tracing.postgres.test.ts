import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf';
import { createSession, SESSION_COOKIE } from '../src/platform/sessions';
import { type ApiProcess, startApiProcess } from './fault/api-process';
import { openTestDatabase } from './harness';

/**
 * Traces (decision 0033): the real service in a child process, started as server.ts starts it, with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP receiver here that keeps what it is sent
 * (JSON, as the exporter sends it). A clerk's draft save must arrive as a server span named after its
 * route with the clerk's user id, and the save's statements as database spans under it; no secret
 * query value may leave the service in a span; health probes make none.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
const SERVER = 2;
const CLIENT = 3;

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

let receiver: Server;
const received: string[] = [];
const spans: OtlpSpan[] = [];
let database: { handle: DatabaseHandle; drop(): Promise<void> };
let api: ApiProcess;
const blobDir = mkdtempSync(path.join(tmpdir(), 'dcf-tracing-'));

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.url === '/v1/traces') {
        received.push(body);
        const payload = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  database = await openTestDatabase();
  api = await startApiProcess('traced', {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrlOf(database.handle),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    STORAGE_LOCAL_DIR: blobDir,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    // Batches leave every 100 ms instead of 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
}, 240_000);

afterAll(async () => {
  await api?.kill();
  await database?.handle.close();
  await database?.drop();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(blobDir, { recursive: true, force: true });
});

/** The connection string of the test's database, as its pool was opened with it. */
function databaseUrlOf(handle: DatabaseHandle): string {
  const options = (handle.pool as unknown as { options: { connectionString?: string } }).options;
  if (!options.connectionString) throw new Error('The tracing test runs on PostgreSQL only');
  return options.connectionString;
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; spans: ${spans.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('traces to an OTLP endpoint', () => {
  it('a draft save is a server span with its route and user id, and its statements are database spans under it', async () => {
    const db = database.handle.db;
    const clerk = await db
      .selectFrom('appUser')
      .select('id')
      .where('email', '=', 'clerk.a@dcf.example')
      .executeTakeFirstOrThrow();
    const config = loadConfig({ NODE_ENV: 'test' });
    const { token, csrfToken } = await createSession(db, config, clerk.id, { sessionManagement: true });
    const headers = {
      cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`,
      [CSRF_HEADER]: csrfToken,
      'content-type': 'application/json',
    };
    const now = new Date();
    const period = await db
      .selectFrom('reportingPeriod')
      .innerJoin('collection', 'collection.id', 'reportingPeriod.collectionId')
      .select(['reportingPeriod.id', 'reportingPeriod.collectionId'])
      .where('collection.name', '=', 'Monthly workforce return')
      .where('reportingPeriod.submissionsOpen', '<=', now)
      .where('reportingPeriod.submissionsClose', '>', now)
      .executeTakeFirstOrThrow();
    const organisation = await db
      .selectFrom('organisation')
      .select('id')
      .where('code', '=', 'RJ1')
      .executeTakeFirstOrThrow();
    const page = `/v1/api/Collection/${period.collectionId}/ReportingPeriod/${period.id}/Organisation/${organisation.id}/Submission`;

    const lock = await fetch(`${api.baseUrl}${page}/Lock`, { method: 'POST', headers, body: '{}' });
    expect(lock.status, api.output().slice(-20_000)).toBe(200);
    const view = (await lock.json()) as { submissionId: number; currentRevisionId: number | null };
    const save = await fetch(`${api.baseUrl}/v1/api/Submission/${view.submissionId}/SubmissionRevision`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        status: 'draft',
        content: { headcount: 12 },
        baseRevisionId: view.currentRevisionId,
      }),
    });
    expect(save.status, await save.clone().text()).toBe(201);
    // A probe, and a callback whose code and state are secrets.
    await fetch(`${api.baseUrl}/v1/api/health/ready`);
    await (await fetch(`${api.baseUrl}/v1/api/Auth/Callback?code=c0de-SECRET&state=st4te-SECRET`)).text();

    const route = '/v1/api/Submission/:id/SubmissionRevision';
    const server = await until('the save’s server span', () =>
      spans.find((s) => s.kind === SERVER && attribute(s, 'http.route') === route),
    );
    expect(server.name).toBe(`POST ${route}`);
    expect(attribute(server, 'enduser.id')).toBe(String(clerk.id));
    expect(Number(attribute(server, 'http.response.status_code'))).toBe(201);

    // Every statement of the save, down any depth of spans (a connection checkout, then its queries).
    const under = (parent: OtlpSpan): OtlpSpan[] =>
      spans
        .filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId)
        .flatMap((child) => [child, ...under(child)]);
    const statements = await until('the save’s database spans', () => {
      const found = under(server).filter(
        (s) => s.kind === CLIENT && attribute(s, 'db.system.name') === 'postgresql',
      );
      return found.some((s) =>
        /insert into "submission_revision"/i.test(String(attribute(s, 'db.query.text'))),
      )
        ? found
        : undefined;
    });
    expect(statements.length).toBeGreaterThan(3);
    // Statements are sent with their placeholders, never their values (the answers among them).
    expect(spans.filter((s) => s.attributes?.some((a) => a.key === 'db.postgresql.values'))).toEqual([]);
    expect(received.join('\n')).not.toMatch(/headcount\W{0,4}:\s*12/);

    const callback = await until('the callback’s server span', () =>
      spans.find((s) => s.kind === SERVER && String(attribute(s, 'url.path')) === '/v1/api/Auth/Callback'),
    );
    expect(attribute(callback, 'url.query')).toBe('code=%5Bredacted%5D&state=%5Bredacted%5D');
    expect(received.join('\n')).not.toContain('SECRET');
    expect(spans.filter((s) => String(attribute(s, 'url.path')).startsWith('/v1/api/health'))).toEqual([]);
  }, 120_000);
});
