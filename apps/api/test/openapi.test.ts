import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { errorCodeList } from '@dcf/domain';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const require = createRequire(import.meta.url);
// Redocly's and TypeScript's command lines, run on this Node (npm test's is the pinned one).
const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
const tsc = require.resolve('typescript/bin/tsc');
// Under node_modules (so '@dcf/domain' resolves and no linter reads it), one folder per test process.
const work = path.join(root, 'node_modules/.cache', `dcf-openapi-${process.pid}`);

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, any> };
};

let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
  );

const t = useTestApp();
beforeAll(async () => {
  doc = (await t.anonymous().get('/v1/api/openapi.json')).body;
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(doc));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the OpenAPI document integrators build on', () => {
  it("passes Redocly's recommended rules with no error", { timeout: 180_000 }, async () => {
    const { stdout } = await run(
      process.execPath,
      [redocly, 'lint', 'openapi.json', '--extends=recommended', '--format=json', '--max-problems=1000'],
      { cwd: work, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
    ).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('names, summarises and secures every operation, and answers every refusal with a coded Problem', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'accessToken',
      'accessTokenBasic',
      'csrf',
      'session',
    ]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/v1/api/'))).toEqual([]);
    const ids = new Set<string>();
    for (const { url, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      ids.add(operation.operationId ?? '');
      expect(operation.summary, where).toBeTruthy();
      for (const status of ['4XX', '5XX'])
        expect(operation.responses[status]?.content?.['application/problem+json']?.schema, where).toEqual({
          $ref: '#/components/schemas/Problem',
        });
      const schemes = Object.keys(operation.security?.[0] ?? {});
      if (method !== 'get') expect(schemes, where).toContain('csrf');
    }
    expect(ids.size).toBe(operations().length);
    // The session cookie guards what needs a sign-in; health and sign-in need none.
    expect(doc.paths['/v1/api/Collection/{id}']?.put?.security).toEqual([{ session: [], csrf: [] }]);
    expect(doc.paths['/v1/api/health']?.get?.security).toEqual([]);
    // A personal access token reads, and makes the return calls; it never manages tokens (decision 0039).
    const tokenOr = (session: Record<string, string[]>) => [
      session,
      { accessToken: [] },
      { accessTokenBasic: [] },
    ];
    expect(doc.paths['/v1/api/Collection/{id}']?.get?.security).toEqual(tokenOr({ session: [] }));
    expect(doc.paths['/v1/api/Submission/{id}/SubmissionRevision']?.post?.security).toEqual(
      tokenOr({ session: [], csrf: [] }),
    );
    expect(doc.paths['/v1/api/User/Current/AccessToken']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual(errorCodeList);
  });

  it('gives a generated client (openapi-typescript) that type-checks against our own API calls', {
    timeout: 180_000,
  }, async () => {
    const types = astToString(await openapiTS(doc as never));
    writeFileSync(path.join(work, 'generated.ts'), types);
    copyFileSync(path.join(here, 'openapi-client/calls.ts'), path.join(work, 'calls.ts'));
    writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(root, 'tsconfig.base.json'),
        compilerOptions: { types: [] },
        files: ['calls.ts'],
      }),
    );
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: work }).catch(
      (failure: { stdout: string }) => failure,
    );
    expect(result.stdout).toBe('');
  });
});
