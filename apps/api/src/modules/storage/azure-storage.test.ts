import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness';
import { type Azurite, startAzurite } from '../../../test/support/azurite';
import { blobStoreFor } from '../../platform/storage/blob-store';

let azurite: Azurite;
let demoId: number;
let rj1: number;

beforeAll(async () => {
  azurite = await startAzurite();
}, 120_000);
afterAll(() => azurite?.stop());
const t = useTestApp(() => ({
  STORAGE_DRIVER: 'azure',
  STORAGE_AZURE_CONNECTION_STRING: azurite.connectionString,
  STORAGE_CONTAINER: 'dcf-test',
}));
beforeAll(async () => {
  demoId = await t.demoCollectionId();
  rj1 = await t.organisationId('RJ1');
});

/** What the browser does with a SAS URL: a plain PUT with the block-blob header. */
const put = (url: string, body: string) =>
  fetch(url, {
    method: 'PUT',
    body,
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' },
  });

describe('Azure Blob Storage with SAS tokens (against Azurite)', () => {
  const name = () => `${demoId}/${rj1}/MEDIA/c3d4/return.pdf`;

  it('issues a SAS URL the browser PUTs to (201) and a read SAS URL that downloads it as an attachment', async () => {
    const clerk = await t.as('clerkA');
    const up = await clerk.post(
      `/v1/api/Storage/StorageTokensForUpload/Collection/${demoId}/Organisation/${rj1}`,
      [{ blobNameWithPath: name(), fileSizeInMb: 0.01 }],
    );
    expect(up.status).toBe(200);
    expect(up.body[0].storage).toBe('azure');
    expect(up.body[0].url.startsWith(`${azurite.blobEndpoint}/dcf-test/${name()}?`)).toBe(true);
    expect(new URL(up.body[0].url).searchParams.get('sp')).toBe('cw');
    expect((await put(up.body[0].url, '%PDF-1.4 azure')).status).toBe(201);

    const down = await (await t.as('manager')).post(
      `/v1/api/Storage/StorageTokensForDownload/Collection/${demoId}/Organisation/${rj1}`,
      [{ blobNameWithPath: name() }],
    );
    expect(down.status).toBe(200);
    const file = await fetch(down.body[0].url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 azure');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="return.pdf"');
    // The API reads blobs through the same store (Excel templates).
    expect((await blobStoreFor(t.config).read(name()))?.toString()).toBe('%PDF-1.4 azure');
  });

  it('refuses a SAS used for another blob, a read SAS used to write, and an expired SAS', async () => {
    const store = blobStoreFor(t.config);
    const url = await store.uploadUrl(name(), { expiresOn: new Date(Date.now() + 60_000), maxBytes: 100 });
    expect((await put(url.replace('return.pdf', 'other.pdf'), 'x')).status).toBe(403);
    const read = await store.downloadUrl(name(), { expiresOn: new Date(Date.now() + 60_000) });
    expect((await put(read, 'x')).status).toBe(403);
    const expired = await store.uploadUrl(name(), {
      expiresOn: new Date(Date.now() - 60_000),
      maxBytes: 100,
    });
    expect((await put(expired, 'x')).status).toBe(403);
    expect(await store.read(`${demoId}/${rj1}/MEDIA/none.pdf`)).toBeNull();
  });
});

/** The Content-Security-Policy's list for one directive, as the browser reads it. */
async function cspSources(app: TestApp, directive: string): Promise<string[]> {
  const res = await app.anonymous().get('/v1/api/health');
  const csp = String(res.headers['content-security-policy']);
  const found = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
  return found.trim().split(/\s+/).slice(1);
}

describe('the storage origin the browser talks to', () => {
  it('is allowed by the Content-Security-Policy: the configured endpoint’s origin, and nothing wider', async () => {
    const origin = new URL(azurite.blobEndpoint).origin;
    expect(await cspSources(t, 'connect-src')).toEqual(["'self'", origin]);
    expect(await cspSources(t, 'img-src')).toContain(origin);
  });

  it('is STORAGE_PUBLIC_ORIGIN when set: signed URLs carry it, the policy allows it, and the browser’s PUT there stores the file', async () => {
    // localhost reaches the same Azurite by another name, as a browser reaches a compose service or a
    // custom domain in front of the account.
    const publicOrigin = new URL(azurite.blobEndpoint).origin.replace('127.0.0.1', 'localhost');
    const behind = await startTestApp({
      STORAGE_DRIVER: 'azure',
      STORAGE_AZURE_CONNECTION_STRING: azurite.connectionString,
      STORAGE_CONTAINER: 'dcf-test',
      STORAGE_PUBLIC_ORIGIN: `${publicOrigin}/`,
    });
    try {
      expect(await cspSources(behind, 'connect-src')).toEqual(["'self'", publicOrigin]);
      expect(await cspSources(behind, 'img-src')).toContain(publicOrigin);
      const path = `${demoId}/${rj1}/MEDIA/e5f6/public.pdf`;
      const up = await (await behind.as('clerkA')).post(
        `/v1/api/Storage/StorageTokensForUpload/Collection/${demoId}/Organisation/${rj1}`,
        [{ blobNameWithPath: path, fileSizeInMb: 0.01 }],
      );
      expect(up.status).toBe(200);
      expect(up.body[0].url.startsWith(`${publicOrigin}/devstoreaccount1/dcf-test/${path}?`)).toBe(true);
      expect((await put(up.body[0].url, '%PDF-1.4 public')).status).toBe(201);
      const down = await (await behind.as('manager')).post(
        `/v1/api/Storage/StorageTokensForDownload/Collection/${demoId}/Organisation/${rj1}`,
        [{ blobNameWithPath: path }],
      );
      expect(down.body[0].url.startsWith(`${publicOrigin}/`)).toBe(true);
      expect(await (await fetch(down.body[0].url)).text()).toBe('%PDF-1.4 public');
    } finally {
      await behind.close();
    }
  }, 120_000);
});
