import fc from 'fast-check';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FeedScenario, feedScenario } from '../src/modules/odata/odata-scenario';
import { type Client, toResponse, useTestApp } from './harness';

/**
 * The OData feed attacked from outside (decision 0040): hostile $filter, $orderby and $select (fast-check
 * strings, SQL-ish payloads, deep nesting, very long inputs, unknown properties, extreme literals) read
 * by a clerk of one organisation, with a session and with a personal access token. Never a 5xx, never a
 * row of an organisation the clerk does not report for.
 */
let s: FeedScenario;
let root: string;
let clerk: Client;
let clerkToken: string;
let ownCode: string;
let ownReturnId: string;

const t = useTestApp({ RATE_LIMIT_TOKEN_MAX: '100000' });
beforeAll(async () => {
  s = await feedScenario(t);
  root = `/v1/api/OData/Collection/${s.collectionId}`;
  clerk = await t.as('clerkA');
  const expires = DateTime.now().setZone('Europe/London').plus({ days: 10 }).toISODate();
  const made = await clerk.post('/v1/api/User/Current/AccessToken', { name: 'BI', scope: 'read', expires });
  expect(made.status, made.text).toBe(201);
  clerkToken = made.body.secret;
  ownCode = s.orgs[0]!.code;
  ownReturnId = `${s.periodId}-${s.orgs[0]!.id}`;
}, 60_000);

type Row = Record<string, unknown>;
/** GET through the app, as the clerk: with the session cookie or with the token as Basic (Power BI). */
async function get(path: string, via: 'session' | 'token') {
  const headers =
    via === 'token'
      ? { authorization: `Basic ${Buffer.from(`clerk.a@dcf.example:${clerkToken}`).toString('base64')}` }
      : { cookie: [...clerk.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  return toResponse(await t.app.inject({ method: 'GET', url: path, headers }));
}

/** The clerk's answer to a Returns query: 200 with only their organisation's row, or a 400 in the shape. */
async function expectSafe(query: string, via: 'session' | 'token' = 'session') {
  const res = await get(`${root}/Returns?${query}`, via);
  expect([200, 400], `${res.status} ${query.slice(0, 300)} ${res.text.slice(0, 300)}`).toContain(res.status);
  if (res.status === 400) {
    // The feed's own refusal, or the request checks' (a NUL character, an option given twice).
    const code = expect.stringMatching(/^(odata_query_invalid|validation_failed)$/);
    expect(res.body).toMatchObject({ code, status: 400, error: { code } });
    return res;
  }
  for (const row of res.body.value as Row[]) {
    if ('OrganisationCode' in row) expect(row.OrganisationCode).toBe(ownCode);
    if ('Id' in row) expect(row.Id).toBe(ownReturnId);
  }
  expect((res.body.value as Row[]).length).toBeLessThanOrEqual(1);
  return res;
}

const q = (option: string, value: string) => `${option}=${encodeURIComponent(value)}`;
const properties = [
  'Id',
  'OrganisationCode',
  'OrganisationName',
  'OrganisationId',
  'Status',
  'SubmittedAt',
  'SubmittedBy',
  'ReportingPeriod',
  'PeriodStart',
  'headcount',
  'fte',
  'openedOn',
  'visitedAt',
  'region',
  'services_xray',
  'onCall',
  'site_postcode',
  'comments',
  'DataQuality',
  'Nope',
];
const sqlish = [
  "' or 1=1 --",
  "') or ('1'='1",
  "'; drop table submission; --",
  "x' union select * from app_user --",
  '1 or 1 eq 1',
  "OrganisationCode eq 'RGT' or true",
  'true',
  "$it/OrganisationCode eq 'RGT'",
  "OrganisationCode eq 'RJ1' or OrganisationCode ne 'RJ1'",
  "not (OrganisationCode eq 'RJ1')",
  "OrganisationCode eq 'RJ1'/*",
  'pg_sleep(5) eq 1',
  "contains(OrganisationName,'%')",
  "startswith(OrganisationCode,'_')",
  "OrganisationCode eq '\u0000'",
  "contains(comments,'\u0000')",
  "comments eq 'a\u0000b' or OrganisationCode ne 'x'",
];

describe('hostile $filter', () => {
  it('SQL-ish payloads: 400 or only the clerk’s own row, with a session and with a token', async () => {
    for (const filter of sqlish)
      for (const via of ['session', 'token'] as const) await expectSafe(q('$filter', filter), via);
    // Asking for every other organisation finds nothing, however it is put.
    for (const filter of [
      "OrganisationCode ne 'RJ1'",
      "not (OrganisationCode eq 'RJ1')",
      'Status eq null or Status ne null',
    ]) {
      const res = await expectSafe(`${q('$filter', filter)}&$select=Id,OrganisationCode`);
      expect(res.status).toBe(200);
    }
    const count = await get(`${root}/Returns/$count?${q('$filter', 'true or true')}`, 'token');
    expect([200, 400]).toContain(count.status);
    if (count.status === 200) expect(Number(count.text)).toBeLessThanOrEqual(1);
    const everything = await get(`${root}/Returns/$count`, 'token');
    expect(everything.text).toBe('1');
  });

  it('extreme literals: years at the calendar’s edges once in UTC, huge and tiny numbers, NUL characters', async () => {
    for (const filter of [
      'SubmittedAt gt 0001-01-01T00:00:00+14:00',
      'SubmittedAt lt 9999-12-31T23:59:59-14:00',
      'visitedAt ge 0001-01-01T00:30:00+01:00',
      'visitedAt le 9999-12-31T23:30:00-01:00',
      'openedOn lt 9999-12-31',
      'openedOn gt 0001-01-01',
      'headcount gt 1e999',
      'headcount lt -1e999',
      'fte gt 1e-999',
      `fte lt ${'9'.repeat(30)}.${'9'.repeat(30)}e999`,
      "comments eq '\u0000'",
      "contains(site_postcode,'\u0000')",
    ]) {
      await expectSafe(q('$filter', filter));
      await expectSafe(`${q('$filter', filter)}&$count=true`, 'token');
    }
    // Instants past year 1 or 9999 once in UTC are still compared (PostgreSQL's range is wider).
    const early = await expectSafe(`${q('$filter', 'SubmittedAt gt 0001-01-01T00:00:00+14:00')}&$select=Id`);
    expect(early.body.value).toEqual([{ Id: ownReturnId }]);
    const late = await expectSafe(`${q('$filter', 'SubmittedAt ge 9999-12-31T23:59:59-14:00')}&$select=Id`);
    expect(late.body.value).toEqual([]);
  });

  it('deep nesting and very long filters are refused with a 400, never a 5xx nor a hung request', async () => {
    for (const depth of [50, 99, 100, 101, 500, 1990]) {
      const filter = `${'('.repeat(depth)}headcount eq 1${')'.repeat(depth)}`;
      const started = Date.now();
      const res = await expectSafe(q('$filter', filter));
      expect(Date.now() - started).toBeLessThan(2000);
      if (depth > 32) expect(res.body.detail).toBe('$filter is nested too deeply.');
    }
    for (const depth of [50, 200, 900]) {
      await expectSafe(q('$filter', `${'not '.repeat(depth)}headcount eq 1`));
      await expectSafe(q('$filter', Array.from({ length: depth }, () => 'headcount eq 1').join(' or ')));
      await expectSafe(q('$filter', `${'('.repeat(depth)}headcount eq 1`));
    }
    const long = await expectSafe(q('$filter', `comments eq '${'x'.repeat(5000)}'`));
    expect(long.status).toBe(400);
    await expectSafe(q('$filter', `comments eq '${'x'.repeat(3900)}'`));
  });

  it('fast-check: generated filters of the feed’s words, operators, payloads and noise', async () => {
    const words = fc.constantFrom(
      ...properties,
      'eq',
      'ne',
      'gt',
      'ge',
      'lt',
      'le',
      'and',
      'or',
      'not',
      '(',
      ')',
    );
    const literals = fc.constantFrom(
      "'RJ1'",
      "'RGT'",
      "''",
      "'''",
      'null',
      'true',
      '-0',
      '1.5',
      '2026-05-12',
      '2026-05-12T10:00:00Z',
      ...sqlish,
    );
    const piece = fc.oneof(words, literals, fc.string({ maxLength: 10 }), fc.integer().map(String));
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 15 }), fc.boolean(), async (pieces, viaToken) => {
        runs++;
        await expectSafe(q('$filter', pieces.join(' ')), viaToken ? 'token' : 'session');
      }),
      { numRuns: 200 },
    );
    expect(runs).toBe(200);
  });
});

describe('hostile $orderby and $select', () => {
  it('unknown, repeated, oversized and generated lists: 400 or the clerk’s own row', async () => {
    for (const value of [
      'Nope',
      'Id desc desc',
      'Id,',
      ',',
      ' ',
      'Id asc,Id desc',
      "Id'--",
      'Id;drop',
      'DataQuality',
    ])
      await expectSafe(`${q('$orderby', value)}&$select=Id`);
    for (const value of ['Nope', 'Id,Nope', '*,Id', '', ',', "Id'--", '$it', 'Returns_staff'])
      await expectSafe(q('$select', value));
    for (const n of [100, 1700, 5000]) {
      await expectSafe(
        `${q('$orderby', Array.from({ length: n }, (_, i) => properties[i % 19]).join(','))}&$select=Id`,
      );
      await expectSafe(q('$select', Array.from({ length: n }, (_, i) => properties[i % 19]).join(',')));
    }
    const name = fc.oneof(fc.constantFrom(...properties), fc.string({ maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(name, fc.constantFrom('', ' asc', ' desc', ' up')), { maxLength: 6 }),
        fc.array(name, { maxLength: 6 }),
        async (order, select) => {
          await expectSafe(
            `${q('$orderby', order.map(([n, d]) => n + d).join(','))}&${q('$select', select.join(','))}`,
            'token',
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the grids’ sets show only the clerk’s own return’s rows, whatever the query', async () => {
    for (const filter of ["ReturnId ne ''", "ReturnId eq '1-1' or ReturnId ne '1-1'", 'RowNumber ge 0']) {
      const res = await get(`${root}/Returns_staff?${q('$filter', filter)}`, 'token');
      expect([200, 400]).toContain(res.status);
      if (res.status === 200)
        for (const row of res.body.value as Row[]) expect(row.ReturnId).toBe(ownReturnId);
    }
    expect((await get(`${root}/Returns_nope`, 'token')).status).toBe(404);
  });
});

describe('paging and size options pushed to their limits', () => {
  it('$top, $skip, $skiptoken and Prefer at and past their bounds: 200 or 400', async () => {
    for (const query of [
      '$top=1000000000&$skip=1000000000&$skiptoken=1000000000',
      '$top=0',
      '$skiptoken=-1',
      '$skip=1e3',
      '$top=99999999999',
      '$skiptoken=abc',
      '$top=1&$top=2',
      '$filter=x&$filter=y',
    ])
      await expectSafe(query, 'token');
    for (const prefer of [
      'odata.maxpagesize=0',
      'odata.maxpagesize=-5',
      'odata.maxpagesize=999999999',
      'maxpagesize="1"'.repeat(200),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${root}/Returns`,
        headers: { prefer, cookie: [...clerk.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.statusCode, prefer).toBe(200);
    }
  });
});
