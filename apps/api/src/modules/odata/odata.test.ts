import { OData } from '@odata/client';
import fc from 'fast-check';
import { xml2json } from 'odata-csdl';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import { type FeedScenario, feedScenario } from './odata-scenario';

let manager: Client;
let s: FeedScenario;
let root: string;

const t = useTestApp();
beforeAll(async () => {
  s = await feedScenario(t);
  manager = await t.as('manager');
  root = `/v1/api/OData/Collection/${s.collectionId}`;
}, 60_000);

type Row = Record<string, unknown>;
const returns = async (client: Client, query = '', headers: Record<string, string> = {}) =>
  client.request<{ value: Row[]; '@odata.nextLink'?: string; '@odata.count'?: number }>(
    'GET',
    `${root}/Returns${query}`,
    undefined,
    { headers },
  );

describe('the OData feed of a collection', () => {
  it('lists its entity sets in the service document', async () => {
    const response = await manager.get(root);
    expect(response.status).toBe(200);
    expect(response.headers['odata-version']).toBe('4.0');
    expect(response.body).toEqual({
      '@odata.context': `${t.config.publicUrl}${root}/$metadata`,
      value: [
        { name: 'Returns', kind: 'EntitySet', url: 'Returns' },
        { name: 'Returns_staff', kind: 'EntitySet', url: 'Returns_staff' },
      ],
    });
  });

  it('gives one row per period and organisation with typed answers', async () => {
    const response = await returns(manager);
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('odata.metadata=minimal');
    const rj1 = s.orgs[0]!;
    const row = response.body.value.find((r) => r.OrganisationCode === rj1.code);
    expect(row).toEqual({
      Id: `${s.periodId}-${rj1.id}`,
      ReportingPeriodId: s.periodId,
      ReportingPeriod: 'April 2026',
      PeriodStart: '2026-04-01',
      PeriodEnd: '2026-04-01',
      OrganisationId: rj1.id,
      OrganisationCode: rj1.code,
      OrganisationName: rj1.name,
      Status: 'Completed',
      SubmittedBy: 'Alex Authoriser',
      SubmittedAt: '2026-05-12T10:00:00.000Z',
      FormVersion: 1,
      DataQuality: null,
      headcount: 120,
      fte: 101.5,
      openedOn: '2026-03-12',
      visitedAt: '2026-05-10T08:30:00.000Z',
      region: 'london',
      services_xray: true,
      services_mri: false,
      onCall: true,
      site_postcode: 'SE1 9RT',
      comments: "It's fine",
      // A multi-value question: its whole list, as JSON text (decision 0040).
      wards: '["Ward 1","Ward \\"2\\""]',
    });
    expect(JSON.parse(row!.wards as string)).toEqual(['Ward 1', 'Ward "2"']);
    expect(response.body.value).toHaveLength(4);
  });
});

const codes = (rows: Row[]) => rows.map((r) => r.OrganisationCode);

describe('query options, as the OData v4 URL conventions define them', () => {
  const rj1 = () => s.orgs[0]!.code;
  const rgt = () => s.orgs[1]!.code;
  const filtered = async (filter: string) => {
    const response = await returns(
      manager,
      `?$filter=${encodeURIComponent(filter)}&$orderby=OrganisationCode`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return codes(response.body.value);
  };

  it('$select gives only the properties named, and says so in the context', async () => {
    const response = await returns(manager, '?$select=OrganisationCode,headcount&$filter=headcount eq 120');
    expect(response.body.value).toEqual([{ OrganisationCode: rj1(), headcount: 120 }]);
    expect(response.body).toMatchObject({
      '@odata.context': `${t.config.publicUrl}${root}/$metadata#Returns(OrganisationCode,headcount)`,
    });
  });

  it('$filter compares with eq, ne, gt, ge, lt and le, null counting as no value', async () => {
    expect(await filtered('headcount eq 120')).toEqual([rj1()]);
    expect(await filtered('headcount gt 80')).toEqual([rj1()]);
    expect((await filtered('headcount ge 80')).sort()).toEqual([rj1(), rgt()].sort());
    expect(await filtered('headcount lt 100')).toEqual([rgt()]);
    expect(await filtered('headcount le 80')).toEqual([rgt()]);
    // ne keeps rows without a value (null ne 120 is true); the draft's answers are not official.
    expect(await filtered('headcount ne 120')).toHaveLength(3);
    expect(await filtered('headcount eq null')).toHaveLength(2);
    expect(await filtered('headcount gt null')).toEqual([]);
    expect(await filtered('80 lt headcount')).toEqual([rj1()]);
  });

  it('$filter joins with and, or, not and parentheses, not binding tightest', async () => {
    expect(await filtered(`headcount gt 100 or OrganisationCode eq '${rgt()}'`)).toHaveLength(2);
    expect(await filtered("not (headcount gt 100) and Status eq 'Completed'")).toEqual([rgt()]);
    // `not` takes only the comparison after it (the parser alone would negate the whole `or`).
    expect(await filtered('not headcount eq 120 or headcount eq 120')).toHaveLength(4);
    expect(await filtered('not (headcount eq 120 or headcount eq 80)')).toHaveLength(2);
  });

  it('$filter on period, organisation code and name, status, submitted time and any question', async () => {
    const org = s.orgs[1]!;
    expect(await filtered("ReportingPeriod eq 'April 2026'")).toHaveLength(4);
    expect(await filtered(`ReportingPeriodId eq ${s.periodId} and PeriodStart eq 2026-04-01`)).toHaveLength(
      4,
    );
    expect(await filtered(`OrganisationName eq '${org.name.replaceAll("'", "''")}'`)).toEqual([org.code]);
    expect(await filtered("Status eq 'Completed'")).toHaveLength(2);
    // The period closed without the other two returns (the draft was never submitted).
    expect(await filtered("Status eq 'Missed'")).toHaveLength(2);
    expect(await filtered('SubmittedAt gt 2026-05-13T00:00:00Z')).toEqual([rgt()]);
    expect(await filtered('SubmittedAt lt 2026-05-12T11:00:00+00:30')).toEqual([rj1()]);
    expect(await filtered('fte eq 70.25')).toEqual([rgt()]);
    expect(await filtered('openedOn eq 2026-03-12')).toEqual([rj1()]);
    // RGT's "02/30/2026" names no day: no value, like the row shows.
    expect(await filtered('openedOn eq null')).toHaveLength(3);
    expect(await filtered('visitedAt lt 2026-05-10T09:00:00Z')).toEqual([rj1()]);
    expect(await filtered("region eq 'east'")).toEqual([rgt()]);
    expect(await filtered('services_mri eq true')).toEqual([rgt()]);
    expect(await filtered('onCall eq false')).toEqual([rgt()]);
    expect(await filtered("site_postcode eq 'SE1 9RT'")).toEqual([rj1()]);
    expect(await filtered("comments eq 'It''s fine'")).toEqual([rj1()]);
    // Power Query's text filters; % and _ are plain characters.
    expect(await filtered("contains(comments,'s f')")).toEqual([rj1()]);
    expect(await filtered("contains(comments,'%')")).toEqual([]);
    expect(await filtered(`startswith(OrganisationCode,'${rgt().slice(0, 2)}')`)).toContain(rgt());
    expect(await filtered("endswith(site_postcode,'9RT') and not contains(comments,'x')")).toEqual([rj1()]);
  });

  it('$orderby sorts with nulls first ascending and last descending; $top and $skip page it', async () => {
    const desc = await returns(manager, '?$orderby=headcount desc&$select=headcount');
    expect(desc.body.value.map((r) => r.headcount)).toEqual([120, 80, null, null]);
    const asc = await returns(manager, '?$orderby=headcount&$select=headcount');
    expect(asc.body.value.map((r) => r.headcount)).toEqual([null, null, 80, 120]);
    const window = await returns(manager, '?$orderby=headcount desc&$select=headcount&$top=2&$skip=1');
    expect(window.body.value.map((r) => r.headcount)).toEqual([80, null]);
    expect(window.body['@odata.nextLink']).toBeUndefined();
  });

  it('the /$count segment gives the number the filter keeps as plain text (Power Query counts rows so)', async () => {
    const response = await manager.get(
      `${root}/Returns/$count?$filter=${encodeURIComponent("Status eq 'Completed'")}`,
    );
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/plain');
    expect(response.text).toBe('2');
    expect((await (await t.as('clerkA')).get(`${root}/Returns_staff/$count`)).text).toBe('2');
  });

  it('$count gives the number of rows the filter keeps, whatever the page holds', async () => {
    const response = await returns(manager, "?$count=true&$top=1&$filter=Status eq 'Completed'");
    expect(response.body['@odata.count']).toBe(2);
    expect(response.body.value).toHaveLength(1);
  });

  it('pages on the server: odata.maxpagesize is applied and @odata.nextLink leads to the rest', async () => {
    const seen: unknown[] = [];
    let url: string | undefined = `${root}/Returns?$orderby=OrganisationCode&$select=OrganisationCode&$top=3`;
    let pages = 0;
    while (url) {
      const response: Awaited<ReturnType<typeof returns>> = await manager.request('GET', url, undefined, {
        headers: { prefer: 'odata.maxpagesize=2' },
      });
      expect(response.status).toBe(200);
      expect(response.headers['preference-applied']).toBe('odata.maxpagesize=2');
      seen.push(...codes(response.body.value));
      url = response.body['@odata.nextLink']?.replace(t.config.publicUrl, '');
      pages++;
    }
    expect(pages).toBe(2);
    const all = await returns(manager, '?$orderby=OrganisationCode&$select=OrganisationCode');
    expect(seen).toEqual(codes(all.body.value).slice(0, 3));
  });

  it('serves each grid as a linked set, a row per grid row keyed to its return', async () => {
    const response = await manager.get(`${root}/Returns_staff?$orderby=ReturnId,RowNumber`);
    expect(response.status).toBe(200);
    const [rj1Org, rgtOrg] = [s.orgs[0]!, s.orgs[1]!];
    const byOrg = [...response.body.value].sort((a: Row, b: Row) =>
      `${a.ReturnId}${a.RowNumber}` < `${b.ReturnId}${b.RowNumber}` ? -1 : 1,
    );
    expect(byOrg).toEqual(
      [
        { ReturnId: `${s.periodId}-${rj1Org.id}`, RowNumber: 1, grade: 'Band 5', fte: 1 },
        { ReturnId: `${s.periodId}-${rj1Org.id}`, RowNumber: 2, grade: 'Band 6', fte: 0.5 },
        { ReturnId: `${s.periodId}-${rgtOrg.id}`, RowNumber: 1, grade: 'Band 7', fte: 1 },
      ].sort((a, b) => (`${a.ReturnId}${a.RowNumber}` < `${b.ReturnId}${b.RowNumber}` ? -1 : 1)),
    );
    const filteredRows = await manager.get(`${root}/Returns_staff?$filter=${encodeURIComponent('fte lt 1')}`);
    expect(filteredRows.body.value).toEqual([
      { ReturnId: `${s.periodId}-${rj1Org.id}`, RowNumber: 2, grade: 'Band 6', fte: 0.5 },
    ]);
  });
});

describe('what the feed refuses', () => {
  const refused = async (query: string, words: RegExp) => {
    const response = await returns(manager, query);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'odata_query_invalid', message: expect.stringMatching(words) },
      code: 'odata_query_invalid',
      status: 400,
    });
  };

  it('answers an unsupported option, an unknown property or a wrong value with a 400 that says which', async () => {
    await refused('?$expand=Returns_staff', /\$expand is not supported/);
    await refused('?$select=Nope', /Returns has no property Nope/);
    await refused('?$orderby=Nope desc', /Returns has no property Nope/);
    await refused('?$orderby=headcount sideways', /asc or desc/);
    await refused(`?$filter=${encodeURIComponent("headcount eq 'many'")}`, /headcount is Int64/);
    await refused(`?$filter=${encodeURIComponent("contains(tolower(comments),'x')")}`, /not supported/);
    await refused(`?$filter=${encodeURIComponent('year(SubmittedAt) eq 2026')}`, /one property with a value/);
    await refused(`?$filter=${encodeURIComponent('contains(headcount,1)')}`, /takes a text property/);
    await refused(`?$filter=${encodeURIComponent('headcount eq fte')}`, /one property with a value/);
    await refused(`?$filter=${encodeURIComponent("DataQuality eq 'x'")}`, /cannot be filtered/);
    await refused(`?$filter=${encodeURIComponent('openedOn eq 2026-02-30')}`, /not a value of that type/);
    await refused(`?$filter=${encodeURIComponent('headcount eq')}`, /could not be read/);
    await refused('?$top=-1', /\$top must be a whole number/);
    await refused('?$count=yes', /\$count must be true or false/);
  });

  it('answers 404 for a set or collection that does not exist', async () => {
    expect((await manager.get(`${root}/Nope`)).status).toBe(404);
    expect((await manager.get('/v1/api/OData/Collection/999999/Returns')).body).toMatchObject({
      error: { code: 'not_found' },
    });
  });

  it('never answers 500 to a hostile $filter', async () => {
    const words = ['headcount', 'fte', 'openedOn', 'visitedAt', 'Status', 'SubmittedAt', 'not', 'and', 'or'];
    const pieces = ['eq', 'ne', 'gt', 'le', '(', ')', "'", "''", 'null', 'true', '1e999', '-0', '2026-02-29'];
    const token = fc.oneof(
      fc.constantFrom(...words, ...pieces, '2026-05-10T25:00:00Z', '9999-12-31T23:59:59+14:59', '$it'),
      fc.string({ maxLength: 12 }),
      fc.integer().map(String),
      fc.double().map(String),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 12 }), async (tokens) => {
        const response = await returns(manager, `?$filter=${encodeURIComponent(tokens.join(' '))}`);
        expect([200, 400]).toContain(response.status);
      }),
      { numRuns: 150 },
    );
  });
});

describe('who sees which rows (the one visibility rule)', () => {
  it('gives a clerk only their own organisation, in Returns and in the grids', async () => {
    const clerk = await t.as('clerkA');
    const rows = await returns(clerk);
    expect(codes(rows.body.value)).toEqual([s.orgs[0]!.code]);
    const grid = await clerk.get(`${root}/Returns_staff`);
    expect(new Set(grid.body.value.map((r: Row) => r.ReturnId))).toEqual(
      new Set([`${s.periodId}-${s.orgs[0]!.id}`]),
    );
  });

  it('answers 404 to whoever does not see the collection', async () => {
    for (const persona of ['clerkB', 'nhsi'] as const) {
      const client = await t.as(persona);
      expect((await client.get(`${root}/Returns`)).status).toBe(404);
      expect((await client.get(`${root}/$metadata`)).status).toBe(404);
    }
    // Power BI and Excel first ask without credentials and offer Basic when the 401 names it.
    const anonymous = await t.anonymous().get(`${root}/Returns`);
    expect(anonymous.status).toBe(401);
    expect(String(anonymous.headers['www-authenticate'])).toContain('Basic');
    expect(anonymous.body).toMatchObject({ error: { code: 'sign_in_required' } });
  });

  it('stops the next page once the role that allowed the first is removed', async () => {
    const submissionManager = await t.userId('submissionManager');
    await t.database.db
      .insertInto('collectionRole')
      .values({ collectionId: s.collectionId, userId: submissionManager, role: 'submissionManager' })
      .execute();
    const client = await t.as('submissionManager');
    const first = await returns(client, '', { prefer: 'odata.maxpagesize=2' });
    expect(first.body.value).toHaveLength(2);
    await t.database.db
      .deleteFrom('collectionRole')
      .where('collectionId', '=', s.collectionId)
      .where('userId', '=', submissionManager)
      .execute();
    const next = await client.request('GET', first.body['@odata.nextLink']!.replace(t.config.publicUrl, ''));
    expect(next.status).toBe(404);
  });
});

describe('read by what we did not write', () => {
  it('$metadata is CSDL the OASIS converter reads strictly, typed from the form', async () => {
    const response = await manager.get(`${root}/$metadata`);
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('application/xml');
    const csdl = xml2json(response.text, { strict: true }) as Record<string, any>;
    const type = csdl.DataCollection.Return;
    expect(type.$Key).toEqual(['Id']);
    expect(type.headcount).toMatchObject({ $Type: 'Edm.Int64', '@Core.Description': 'Headcount' });
    expect(type.fte).toMatchObject({ $Type: 'Edm.Decimal' });
    expect(type.openedOn).toMatchObject({ $Type: 'Edm.Date' });
    expect(type.visitedAt).toMatchObject({ $Type: 'Edm.DateTimeOffset' });
    expect(type.services_xray).toMatchObject({
      $Type: 'Edm.Boolean',
      '@Core.Description': 'Services: X-ray',
    });
    expect(type.region['@Validation.AllowedValues']).toEqual([
      { Value: 'london', '@Core.Description': 'London' },
      { Value: 'east', '@Core.Description': 'East of England' },
    ]);
    expect(type.Returns_staff).toMatchObject({ $Kind: 'NavigationProperty', $Collection: true });
    expect(csdl.DataCollection.Returns_staff.$Key).toEqual(['ReturnId', 'RowNumber']);
    expect(csdl.DataCollection.Feed.Returns_staff).toMatchObject({ $Collection: true });
  });

  it('an OData client counts, filters and pages through Returns with the queries it builds', async () => {
    const cookie = `${[...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ')}`;
    const client = OData.New4({
      serviceEndpoint: `${t.config.publicUrl}${root}/`,
      fetchProxy: async (url, init) => {
        const response = await t.app.inject({
          method: 'GET',
          url: url.replace(t.config.publicUrl, ''),
          headers: { ...(init.headers as Record<string, string>), cookie },
        });
        return { content: JSON.parse(response.body), response: { headers: response.headers } as never };
      },
    });
    const set = client.getEntitySet<Row>('Returns');
    expect(await set.count(client.newFilter().property('Status').eq('Completed'))).toBe(2);
    const found = await set.query(
      client.newParam().filter(client.newFilter().property('headcount').gt(100)).select(['OrganisationCode']),
    );
    expect(found).toEqual([{ OrganisationCode: s.orgs[0]!.code }]);
    const paged: Row[] = [];
    for (let skip = 0; ; skip += 3) {
      const page = await set.query(client.newParam().orderby('OrganisationCode').top(3).skip(skip));
      paged.push(...page);
      if (page.length < 3) break;
    }
    expect(paged).toHaveLength(4);
  });
});

describe('read with a personal access token, as Power BI and Excel send it', () => {
  it('reads the feed over HTTP Basic with the email and a read token, and nothing beyond the user', async () => {
    const clerk = await t.as('clerkA');
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await clerk.post('/v1/api/User/Current/AccessToken', {
      name: 'Power BI',
      scope: 'read',
      expires,
    });
    expect(created.status, created.text).toBe(201);
    const secret = created.body.secret as string;
    // The OData client sends the Basic header itself from its credential; no cookie goes with it.
    const client = OData.New4({
      serviceEndpoint: `${t.config.publicUrl}${root}/`,
      credential: { username: 'clerk.a@dcf.example', password: secret },
      fetchProxy: async (url, init) => {
        const response = await t.app.inject({
          method: 'GET',
          url: url.replace(t.config.publicUrl, ''),
          headers: init.headers as Record<string, string>,
        });
        return { content: JSON.parse(response.body), response: { headers: response.headers } as never };
      },
    });
    const rows = await client
      .getEntitySet<Row>('Returns')
      .query(client.newParam().select(['OrganisationCode']));
    expect(rows).toEqual([{ OrganisationCode: s.orgs[0]!.code }]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `${root}/Returns`,
      headers: { authorization: `Basic ${Buffer.from(`clerk.a@dcf.example:${secret}x`).toString('base64')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(JSON.parse(wrong.body)).toMatchObject({ error: { code: 'token_invalid' } });
  });
});
