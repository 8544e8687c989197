import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { blobStoreFor } from '../../platform/storage/blob-store';

let demoId: number;
let rj1: number;
let rgt: number;

const t = useTestApp({ STORAGE_DRIVER: 'local' });
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
  rgt = await t.organisationId('RGT');
});

const uploadUrl = (orgId?: number) =>
  `/v1/api/Storage/StorageTokensForUpload/Collection/${demoId}/Organisation${orgId ? `/${orgId}` : ''}`;
const downloadUrl = (orgId?: number) =>
  `/v1/api/Storage/StorageTokensForDownload/Collection/${demoId}/Organisation${orgId ? `/${orgId}` : ''}`;
const media = (orgId: number, name: string) => `${demoId}/${orgId}/MEDIA/${name}`;

/** The browser's side: PUT straight to the signed URL (no session, no CSRF header). */
const put = (url: string, body: Buffer) =>
  t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': 'application/pdf' } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('storage tokens and the embedded blob store', () => {
  it('lets a clerk upload to their organisation with a short-lived URL (201) and read the file back', async () => {
    const clerk = await t.as('clerkA');
    const name = media(rj1, 'a1b2/evidence.pdf');
    const res = await clerk.post(uploadUrl(rj1), [{ blobNameWithPath: name, fileSizeInMb: 0.01 }]);
    expect(res.status).toBe(200);
    const [token] = res.body;
    expect(token).toMatchObject({ blobNameWithPath: name, storage: 'local' });
    expect(token.url).toMatch(/^\/blobs\//);
    const minutes = (Date.parse(token.expiresOn) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const content = Buffer.from('%PDF-1.4 evidence');
    expect((await put(token.url, content)).statusCode).toBe(201);

    // The NHSI user does not see the demo collection (it does not require NHSI authorisation): 404.
    expect((await (await t.as('nhsi')).post(downloadUrl(rj1), [{ blobNameWithPath: name }])).status).toBe(
      404,
    );
    for (const persona of ['clerkA', 'manager'] as const) {
      const download = await (await t.as(persona)).post(downloadUrl(rj1), [{ blobNameWithPath: name }]);
      expect(download.status, persona).toBe(200);
      const file = await get(download.body[0].url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(file.headers['content-disposition']).toBe('attachment; filename="evidence.pdf"');
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'organisationId'])
      .where('action', '=', 'storage.uploadToken')
      .execute();
    expect(audit).toContainEqual({ action: 'storage.uploadToken', organisationId: rj1 });
  });

  it("refuses tokens for another organisation's files with 404, and writing to those who may only read with 403", async () => {
    const name = media(rj1, 'x.pdf');
    const clerkB = await t.as('clerkB');
    expect((await clerkB.post(uploadUrl(rj1), [{ blobNameWithPath: name, fileSizeInMb: 1 }])).status).toBe(
      404,
    );
    expect((await clerkB.post(downloadUrl(rj1), [{ blobNameWithPath: name }])).status).toBe(404);
    const manager = await t.as('manager');
    expect((await manager.post(uploadUrl(rj1), [{ blobNameWithPath: name, fileSizeInMb: 1 }])).status).toBe(
      403,
    );
    expect(
      (await t.anonymous().post(uploadUrl(rj1), [{ blobNameWithPath: name, fileSizeInMb: 1 }])).status,
    ).toBe(401);
    // An organisation that is not a recipient of the collection.
    const admin = await t.as('superAdmin');
    const other = await t.database.db
      .selectFrom('organisation')
      .select('id')
      .where('id', 'not in', (eb) =>
        eb.selectFrom('collectionOrganisation').select('organisationId').where('collectionId', '=', demoId),
      )
      .executeTakeFirstOrThrow();
    const notRecipient = await admin.post(uploadUrl(other.id), [
      { blobNameWithPath: media(other.id, 'x.pdf'), fileSizeInMb: 1 },
    ]);
    expect(notRecipient.status).toBe(404);
  });

  it('keeps form templates to those who set the collection up, and lets everyone in it download them', async () => {
    const name = `${demoId}/FORMTEMPLATE/template.xlsx`;
    const manager = await t.as('manager');
    const up = await manager.post(uploadUrl(), [
      { blobNameWithPath: name, fileSizeInMb: 0.5, isFormTemplate: true },
    ]);
    expect(up.status).toBe(200);
    expect((await put(up.body[0].url, Buffer.from('xlsx bytes'))).statusCode).toBe(201);
    const clerk = await t.as('clerkA');
    expect(
      (await clerk.post(uploadUrl(), [{ blobNameWithPath: name, fileSizeInMb: 0.5, isFormTemplate: true }]))
        .status,
    ).toBe(403);
    const down = await clerk.post(downloadUrl(), [{ blobNameWithPath: name, isFormTemplate: true }]);
    expect(down.status).toBe(200);
    expect((await get(down.body[0].url)).body).toBe('xlsx bytes');
  });

  it('refuses paths outside the scope, wrong types and sizes with the specification messages', async () => {
    const clerk = await t.as('clerkA');
    const res = await clerk.post(uploadUrl(rj1), [
      { blobNameWithPath: media(rgt, 'a.pdf'), fileSizeInMb: 1 },
      { blobNameWithPath: media(rj1, '../../escape.pdf'), fileSizeInMb: 1 },
      { blobNameWithPath: media(rj1, 'run.exe'), fileSizeInMb: 1 },
      { blobNameWithPath: media(rj1, 'big.pdf'), fileSizeInMb: 26 },
      { blobNameWithPath: media(rj1, 'empty.pdf'), fileSizeInMb: 0 },
      { blobNameWithPath: media(rj1, 'template.xlsx'), fileSizeInMb: 1, isFormTemplate: true },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors['0.blobNameWithPath']).toEqual([
      `The file must be stored under ${demoId}/${rj1}/MEDIA/`,
    ]);
    expect(res.body.errors['1.blobNameWithPath']).toEqual([
      `The file must be stored under ${demoId}/${rj1}/MEDIA/`,
    ]);
    expect(res.body.errors['2.blobNameWithPath']).toEqual([
      'File is the wrong type; it must be .pdf, .doc, .docx, .xls, .xlsx, .csv, .txt, .odt, .ods, .png, .jpg, .jpeg, .gif',
    ]);
    expect(res.body.errors['3.fileSizeInMb']).toEqual(['File is too big; it must be at most 25 MB']);
    expect(res.body.errors['4.fileSizeInMb']).toEqual(['File is too small; it must be at least 1 B']);
    expect(res.body.errors['5.isFormTemplate']).toEqual([
      'A form template belongs to the collection: ask without an organisation',
    ]);

    const template = await (await t.as('manager')).post(uploadUrl(), [
      { blobNameWithPath: `${demoId}/FORMTEMPLATE/template.xls`, fileSizeInMb: 1, isFormTemplate: true },
    ]);
    expect(template.status).toBe(400);
    expect(template.body.errors['0.blobNameWithPath']).toEqual(['File is the wrong type; it must be .xlsx']);
  });

  it('refuses a URL used for another path, another permission, tampered, expired or over its size', async () => {
    const clerk = await t.as('clerkA');
    const name = media(rj1, 'one.pdf');
    const [token] = (await clerk.post(uploadUrl(rj1), [{ blobNameWithPath: name, fileSizeInMb: 0.001 }]))
      .body;
    const other = token.url.replace('one.pdf', 'two.pdf');
    expect((await put(other, Buffer.from('x'))).statusCode).toBe(403);
    expect((await put(token.url.replace(/sig=[^&]+/, 'sig=AAAA'), Buffer.from('x'))).statusCode).toBe(403);
    expect((await put(token.url.replace('sp=w', 'sp=r'), Buffer.from('x'))).statusCode).toBe(403);
    expect((await get(token.url)).statusCode).toBe(403);

    const store = blobStoreFor(t.config);
    const expired = await store.uploadUrl(name, { expiresOn: new Date(Date.now() - 1000), maxBytes: 100 });
    expect((await put(expired, Buffer.from('x'))).statusCode).toBe(403);

    // Declared 0.001 MB (1,049 bytes): more is refused and nothing is kept.
    const tooBig = await put(token.url, Buffer.alloc(2000, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(await store.read(name)).toBeNull();
    expect((await put(token.url, Buffer.alloc(1000, 1))).statusCode).toBe(201);
    expect((await store.read(name))?.length).toBe(1000);
  });
});
