import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf';
import { engine } from './engine';
import { type Client, type PersonaKey, useTestApp } from './harness';

/**
 * Hostile-input fuzzing of every route in the OpenAPI document (generated from the zod schemas).
 *
 * For each case fast-check picks a route, a persona and inputs derived from the route's own schemas:
 * path ids (real ones, ids of 2^31 and beyond, words), query parameters and bodies where every field
 * is either a plausible value or a hostile one (NUL bytes, control characters, long strings, huge and
 * fractional numbers, impossible dates, wrong types, deep nesting, unknown keys). The only property
 * checked is the one that matters here: no answer is a 5xx. Every 5xx is collected and printed with
 * its route and input, so one run names all of them.
 *
 * FUZZ_RUNS sets the number of cases (10,000 by default); FUZZ_SEED replays a run. A developer's run
 * draws a new seed each time, to keep finding new inputs; CI (CI=true) replays a seed seen green on its
 * engine with every route of the final release, so a change is judged by what it changed, not by the draw.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const CI_SEED = engine === 'postgres' ? 294_970_515 : 294_188_558;
const SEED = Number(
  process.env.FUZZ_SEED ?? (process.env.CI === 'true' ? CI_SEED : Date.now() % 2_147_483_647),
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
}
interface Case {
  persona: PersonaKey | 'anonymous';
  operation: Operation;
  url: string;
  payload: string | undefined;
}

// ---- Hostile values --------------------------------------------------------------------------------

const INT4_MAX = 2_147_483_647;
const controlChars = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\uFEFF',
  '\uD800',
);
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '',
    ' ',
    '2041-01-01',
    '2023-02-30',
    '9999-12-31',
    '0000-00-00',
    '2024-13-01T25:61:00Z',
    '-1',
    '2147483648',
    '99999999999999999999999',
    '1e309',
    'NaN',
    "'; drop table collection; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{"$gt":""}',
  ),
  fc.tuple(fc.string({ maxLength: 8 }), controlChars, fc.string({ maxLength: 8 })).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    INT4_MAX + 1,
    2 ** 53,
    -(2 ** 31) - 1,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const plausibleId = fc.integer({ min: 1, max: 12 });
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([null, '\u0000']),
  fc.constant({ __proto__: 1, constructor: { prototype: 1 } }),
);
const hostileId = fc.oneof(
  { weight: 6, arbitrary: plausibleId.map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2147483648',
      '2147483647',
      '4294967296',
      '99999999999999999999',
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '%00',
      '1%00',
      '%20',
      'null',
      '0x10',
    ),
  },
);

/** A JSON value nested `depth` deep, written as text (the parser, not our code, meets it first). */
const deepJson = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

// ---- Values from schemas ---------------------------------------------------------------------------

function resolve(schema: JsonSchema, doc: any): JsonSchema {
  if (!schema.$ref) return schema;
  const parts = schema.$ref.replace(/^#\//, '').split('/');
  return parts.reduce((node, part) => node?.[part], doc) ?? {};
}

/** A plausible value of the schema, or (often) a hostile one, at any level of nesting. */
function arbitraryOf(schema: JsonSchema, doc: any, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  const hostile = fc.oneof(hostileString, hostileNumber, wrongType);
  return fc.oneof({ weight: 3, arbitrary: plausibleOf(s, doc, depth) }, { weight: 1, arbitrary: hostile });
}

function plausibleOf(s: JsonSchema, doc: any, depth: number): fc.Arbitrary<unknown> {
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryOf(v, doc, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0] as JsonSchema, doc, depth + 1);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (depth > 6) return fc.constant(null);
  switch (type) {
    case 'integer':
      return fc.oneof(plausibleId, hostileNumber);
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 1000 }), hostileNumber);
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (s.format === 'date' || s.format === 'date-time')
        return fc.oneof(
          fc.constantFrom('2026-05-01', '2026-05-01T09:00:00.000Z', '2041-01-01', '2023-02-30', '9999-12-31'),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        );
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
      return fc.oneof(fc.string({ maxLength: 30 }), hostileString);
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, doc, depth + 1), { maxLength: 4 });
    case 'object': {
      const entries = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      const shape = Object.fromEntries(entries.map(([k, v]) => [k, arbitraryOf(v, doc, depth + 1)]));
      const known = fc.record(shape, {
        requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)),
      });
      // Sometimes unknown keys with hostile names and values ride along.
      return fc
        .tuple(known, fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }))
        .map(([k, extra]) => ({ ...extra, ...k }));
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), hostileNumber, wrongType);
  }
}

// ---- Operations from the OpenAPI document ---------------------------------------------------------

function operationsOf(doc: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const parameters: any[] = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body,
      });
    }
  }
  return operations;
}

/** Sign-out and session routes end the persona's session; they are fuzzed anonymously instead. */
const endsSession = (op: Operation) => /\/Auth\/(Logout|EndSession)$/.test(op.path);

function caseOf(operations: Operation[], doc: any): fc.Arbitrary<Case> {
  const personas: (PersonaKey | 'anonymous')[] = ['superAdmin', 'manager', 'clerkA', 'nhsi', 'anonymous'];
  return fc.constantFrom(...operations).chain((operation) =>
    fc
      .record({
        persona: endsSession(operation) ? fc.constant('anonymous' as const) : fc.constantFrom(...personas),
        ids: fc.array(hostileId, {
          minLength: operation.pathParams.length,
          maxLength: operation.pathParams.length,
        }),
        query: fc.record(
          Object.fromEntries(
            Object.entries(operation.query).map(([k, v]) => [
              k,
              fc
                .oneof(arbitraryOf(v, doc), hostileId)
                .map((x) => (typeof x === 'object' ? JSON.stringify(x) : x)),
            ]),
          ),
          { requiredKeys: [] },
        ),
        body: operation.body
          ? fc.oneof(
              { weight: 12, arbitrary: arbitraryOf(operation.body, doc).map((b) => JSON.stringify(b)) },
              {
                weight: 1,
                arbitrary: fc.constantFrom(deepJson(3_000), deepJson(100_000), '{"a":', '\u0000'),
              },
            )
          : fc.constant(undefined),
      })
      .map(({ persona, ids, query, body }) => {
        let index = 0;
        const path = operation.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(ids[index++] ?? '1'));
        const search = new URLSearchParams(
          Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
        ).toString();
        return {
          persona,
          operation,
          url: search ? `${path}?${search}` : path,
          payload: operation.method === 'GET' ? undefined : (body ?? undefined),
        };
      }),
  );
}

// ---- The run -------------------------------------------------------------------------------------

let doc: any;
const clients = new Map<string, Client>();

const t = useTestApp({ RATE_LIMIT_SIGN_IN_MAX: '100000' });
beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/v1/api/openapi.json' })).json();
  for (const persona of ['superAdmin', 'manager', 'clerkA', 'nhsi'] as const)
    clients.set(persona, await t.as(persona));
  clients.set('anonymous', t.anonymous());
});

describe('hostile input fuzzing of every OpenAPI route', () => {
  it(`answers no 5xx to ${RUNS} generated hostile requests (seed ${SEED})`, async () => {
    const operations = operationsOf(doc).filter((op) => !op.path.includes('/Migration/'));
    expect(operations.length).toBeGreaterThan(50);
    const cases = fc.sample(caseOf(operations, doc), { numRuns: RUNS, seed: SEED });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (const c of cases) {
      const client = clients.get(c.persona) as Client;
      // Bodies go as raw text, so deep nesting and broken JSON reach the parser as sent.
      const res = await send(client, c).catch((error: Error) => ({ status: 599, text: String(error) }));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      console.log(res.status, c.persona, c.operation.method, c.url.slice(0, 150), c.payload?.slice(0, 150));
      if (res.status >= 500)
        failures.push(
          `${res.status} ${c.operation.method} ${c.url} as ${c.persona}` +
            (c.payload ? ` body ${c.payload.slice(0, 300)}` : '') +
            ` -> ${res.text.slice(0, 200)}`,
        );
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${cases.length} cases over ${operations.length} operations in ${seconds.toFixed(1)} s, seed ${SEED}, ${failures.length} 5xx`,
    );
    console.log(`fuzz: answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
  }, 900_000);
});

/** Sends the case with the persona's cookies and anti-forgery header, the body as raw text. */
async function send(client: Client, c: Case) {
  const headers: Record<string, string> = {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
  };
  if (c.payload !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.inject({
    method: c.operation.method,
    url: c.url,
    headers,
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  });
  // Keep the cookies the server rotates (a session refresh), as a browser does.
  for (const cookie of response.cookies) client.cookies.set(cookie.name, cookie.value);
  return { status: response.statusCode, text: response.body };
}
