import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';

// Real public ODS extracts; apps/api/test/test-data/ods/README.md cites each source.
const testData = (name: string) =>
  readFileSync(new URL(`../../../test/test-data/ods/${name}`, import.meta.url), 'utf8');
const epraccur = testData('epraccur-extract.csv');
const headered = testData('gp-practices-headered.csv');
const IMPORT = '/v1/api/Organisation/Admin/Import';

let admin: Client;
const t = useTestApp();
beforeAll(async () => {
  admin = await t.as('superAdmin');
});

const typeId = async (code: string) =>
  (
    await t.database.db
      .selectFrom('organisationType')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;
const found = async (code: string) => (await admin.get(`/v1/api/Organisation?query=${code}`)).body.items[0];

describe('importing a real ODS epraccur extract through HTTP', () => {
  it('dry run: 32 to add, typed by prescribing setting, nothing refused; Apply does what it said', async () => {
    const dry = await admin.post(IMPORT, { content: epraccur, dryRun: true });
    expect(dry.status).toBe(200);
    const [gp, other] = [await typeId('RO76'), await typeId('RO177')];
    expect(dry.body).toEqual({
      dryRun: true,
      layout: {
        id: 'epraccur',
        name: 'GP practices and other prescribing centres (ODS epraccur.csv, no header row)',
      },
      added: 32,
      updated: 0,
      closed: 0,
      alreadyClosed: 0,
      unchanged: 0,
      refused: [],
      refusedCount: 0,
      types: [
        { organisationTypeId: gp, name: 'GP Practice', count: 17 },
        { organisationTypeId: other, name: 'Other prescribing centre', count: 15 },
      ],
      untyped: 0,
    });
    expect(await found('A81001')).toBeUndefined();

    const applied = await admin.post(IMPORT, { content: epraccur });
    expect({ ...applied.body, dryRun: true }).toEqual(dry.body);

    // Closed and dormant practices are not open; dates kept; a proposed one is.
    expect(await found('A81003')).toMatchObject({
      closureDate: '2017-10-31',
      odsStatus: 'closed',
      isOpen: false,
    });
    expect(await found('Y05702')).toMatchObject({ closureDate: null, odsStatus: 'dormant', isOpen: false });
    expect(await found('Y06550')).toMatchObject({ odsStatus: 'proposed', isOpen: true });
    expect(await found('A81001')).toMatchObject({
      name: 'THE DENSHAM SURGERY',
      isOpen: true,
      region: { code: 'Y63', name: 'North East and Yorkshire' },
      organisationType: { shortDescription: 'GP Practice' },
    });
    const closedOnes = await admin.get('/v1/api/Organisation?isOpen=false&query=Y057&pageSize=100');
    expect(closedOnes.body.items.map((o: { code: string }) => o.code)).toContain('Y05702');
    const openOnes = await admin.get('/v1/api/Organisation?isOpen=true&query=Y057&pageSize=100');
    expect(openOnes.body.items.map((o: { code: string }) => o.code)).not.toContain('Y05702');

    const row = await t.database.db
      .selectFrom('organisation')
      .select(['postcode', 'addressLines', 'parentId', 'openDate'])
      .where('code', '=', 'Y05674')
      .executeTakeFirstOrThrow();
    // Its commissioner (05T, a former CCG) is not in this register: no parent.
    expect(row).toEqual({
      postcode: 'WR5 2DD',
      addressLines: ['WORCESTER CITY INPT UNIT', '1 TIMBERDINE CLOSE', 'WORCESTER', 'WORCESTERSHIRE'],
      parentId: null,
      openDate: '2017-01-26',
    });
  });

  it("links a trust site to its trust, the register's parent", async () => {
    const site = "RJ122,GUY'S HOSPITAL,Y56,QKK,GREAT MAZE POND,,,LONDON,,SE1 9RT,19930401,,,,,,,,,,,0,,H";
    const res = await admin.post(IMPORT, { content: site });
    expect(res.body).toMatchObject({ layout: { id: 'ets' }, added: 1 });
    const row = await t.database.db
      .selectFrom('organisation')
      .select(['parentId', 'stpId'])
      .where('code', '=', 'RJ122')
      .executeTakeFirstOrThrow();
    const icb = await t.database.db
      .selectFrom('stp')
      .select('id')
      .where('code', '=', 'QKK')
      .executeTakeFirst();
    expect(row).toEqual({ parentId: await t.organisationId('RJ1'), stpId: icb?.id ?? null });
  });

  it('a second import finds everything as it is: open ones unchanged, closed and dormant already closed', async () => {
    const again = await admin.post(IMPORT, { content: epraccur, dryRun: true });
    expect(again.body).toMatchObject({ added: 0, updated: 0, closed: 0, unchanged: 25, alreadyClosed: 7 });
  });

  it('a headered file of the same practices: read by name, statuses applied, dates it has no column for kept', async () => {
    const dry = await admin.post(IMPORT, { content: headered, dryRun: true });
    expect(dry.body.layout.id).toBe('headered');
    expect(dry.body.refused).toEqual([]);
    // A81003 was closed (2017) and this older extract says dormant; A81015 was closed and says active.
    const applied = await admin.post(IMPORT, { content: headered });
    expect({ ...applied.body, dryRun: true }).toEqual(dry.body);
    expect(await found('A81003')).toMatchObject({
      odsStatus: 'dormant',
      closureDate: '2017-10-31',
      isOpen: false,
    });
    expect(await found('A81069')).toMatchObject({ odsStatus: 'closed', isOpen: false });
    const densham = await t.database.db
      .selectFrom('organisation')
      .select(['postcode', 'openDate'])
      .where('code', '=', 'A81001')
      .executeTakeFirstOrThrow();
    expect(densham).toEqual({ postcode: 'TS18 1HU', openDate: '1974-04-01' });
  });

  it("imports a practice named 'T2' as the register has it; typing such a name is still refused", async () => {
    const row = epraccur.split('\n')[0]!.replace('"A81001","THE DENSHAM SURGERY"', '"A89999","T2"');
    const res = await admin.post(IMPORT, { content: row });
    expect(res.body).toMatchObject({ added: 1, refused: [] });
    expect(await found('A89999')).toMatchObject({ name: 'T2' });
    const typed = await admin.post('/v1/api/Organisation', { name: 'T3', code: 'ZZ123' });
    expect(typed.status).toBe(400);
    expect(typed.body.errors.name).toEqual(['Name must be minimum three characters long']);
  });

  it('a file that cannot say the type: the dry run says so, and the type chosen on import is set', async () => {
    const file =
      'Organisation Code,Name,Postcode\nA89001,FIRST NEW PRACTICE,LS1 1AA\nA89002,SECOND NEW PRACTICE,LS1 1AB\n';
    const unsure = await admin.post(IMPORT, { content: file, dryRun: true });
    expect(unsure.body).toMatchObject({
      added: 2,
      untyped: 2,
      types: [{ organisationTypeId: null, name: 'No type (the file does not say)', count: 2 }],
    });
    const gp = await typeId('RO76');
    const chosen = await admin.post(IMPORT, { content: file, organisationTypeId: gp });
    expect(chosen.body).toMatchObject({
      added: 2,
      types: [{ organisationTypeId: gp, name: 'GP Practice', count: 2 }],
    });
    expect(await found('A89001')).toMatchObject({ organisationType: { shortDescription: 'GP Practice' } });
    const unknown = await admin.post(IMPORT, { content: file, organisationTypeId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.organisationTypeId).toEqual(['Select an option']);
  });
});

describe('hostile files through HTTP', () => {
  it('refuses a layout it cannot recognise with a 400 that lists what it expects, and changes nothing', async () => {
    const res = await admin.post(IMPORT, { content: 'id,colour\n1,red\n2,blue\n' });
    expect(res.status).toBe(400);
    expect(res.body.errors.content[0]).toMatch(
      /^The file's layout is not recognised\. Expected one of: .*epraccur/,
    );
  });

  it('refuses binary content sent as base64 (NUL bytes)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    const res = await admin.post(IMPORT, { content: png.toString('base64'), encoding: 'base64' });
    expect(res.status).toBe(400);
    expect(res.body.errors.content[0]).toContain('not a CSV text file');
  });

  it('reads a BOM, CRLF line endings and quoted commas sent as base64', async () => {
    const crlf = `\uFEFF${epraccur.replaceAll('\n', '\r\n')}`;
    const res = await admin.post(IMPORT, {
      content: Buffer.from(crlf).toString('base64'),
      encoding: 'base64',
      dryRun: true,
    });
    expect(res.body).toMatchObject({ refusedCount: 0, added: 0 });
  });

  it('answers 413 in words for a body over the limit', async () => {
    const res = await admin.post(IMPORT, { content: 'A'.repeat(17 * 1024 * 1024), dryRun: true });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });
});
