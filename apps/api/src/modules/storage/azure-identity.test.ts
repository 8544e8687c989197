import type { TokenCredential } from '@azure/identity';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Azurite, startAzurite } from '../../../test/support/azurite';
import { loadConfig } from '../../config';
import { AzureBlobStore } from '../../platform/storage/azure-blob-store';

/*
 * Azure Blob Storage under managed identity (STORAGE_AZURE_AUTH=managed-identity, decision 0033),
 * against Azurite with its basic OAuth: the store's own code asks for a token, a user delegation key,
 * and signs the browser's URLs with it; Azurite checks those SAS as Azure does. What Azurite cannot
 * show is Microsoft Entra ID itself: the token comes from a stub credential here, where production has
 * DefaultAzureCredential (the managed identity); docs/operations.md says so.
 */

// Azurite serves OAuth over https only, with a certificate made for this file: this worker accepts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const tenantId = '0b7a4a8e-1f7e-4c52-9a8e-5d1f3c2b6a90';
const objectId = '6c2e9d14-3b8a-4f0e-8d7c-1a5b9e3f2d47';
const scopesAsked: string[] = [];

/** What DefaultAzureCredential gives a managed identity: an Entra ID access token for storage. */
const stubCredential: TokenCredential = {
  async getToken(scopes) {
    scopesAsked.push(...(Array.isArray(scopes) ? scopes : [scopes]));
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      aud: 'https://storage.azure.com',
      iss: `https://sts.windows.net/${tenantId}/`,
      oid: objectId,
      tid: tenantId,
      iat: now,
      nbf: now - 60,
      exp: now + 3600,
    };
    return {
      token: `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmVkIGJ5IG5vYm9keQ`,
      expiresOnTimestamp: (now + 3600) * 1000,
    };
  },
};

let azurite: Azurite;
beforeAll(async () => {
  azurite = await startAzurite({ oauth: true });
}, 120_000);
afterAll(() => azurite?.stop());

const managedIdentity = () =>
  loadConfig({
    NODE_ENV: 'test',
    STORAGE_DRIVER: 'azure',
    STORAGE_AZURE_AUTH: 'managed-identity',
    STORAGE_AZURE_ACCOUNT_URL: azurite.blobEndpoint,
    STORAGE_CONTAINER: 'dcf-identity',
  }).storage;

const put = (url: string, body: string) =>
  fetch(url, { method: 'PUT', body, headers: { 'x-ms-blob-type': 'BlockBlob' } });

describe('Azure Blob Storage with managed identity (against Azurite with OAuth)', () => {
  it('signs the browser URLs as user-delegation SAS that Azure accepts, with one key for many URLs', async () => {
    const askedForKeys = vi.spyOn(BlobServiceClient.prototype, 'getUserDelegationKey');
    const store = new AzureBlobStore(managedIdentity(), stubCredential);
    const expiresOn = new Date(Date.now() + 10 * 60_000);
    const path = '1/2/MEDIA/ab12/return.pdf';

    const upload = new URL(await store.uploadUrl(path, { expiresOn }));
    expect(`${upload.origin}${upload.pathname}`).toBe(`${azurite.blobEndpoint}/dcf-identity/${path}`);
    // Signed by the identity's delegation key (its object and tenant), for this blob, create+write only.
    expect(upload.searchParams.get('skoid')).toBe(objectId);
    expect(upload.searchParams.get('sktid')).toBe(tenantId);
    expect(upload.searchParams.get('sp')).toBe('cw');
    expect((await put(upload.href, '%PDF-1.4 managed')).status).toBe(201);

    const download = await store.downloadUrl(path, { expiresOn });
    const file = await fetch(download);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 managed');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="return.pdf"');
    // A read URL does not write; a URL for one blob does not reach another.
    expect((await put(download, 'overwritten')).status).toBe(403);
    expect((await put(upload.href.replace('return.pdf', 'other.pdf'), 'x')).status).toBe(403);
    // The API's own reads go with the identity's token.
    expect((await store.read(path))?.toString()).toBe('%PDF-1.4 managed');

    expect(askedForKeys).toHaveBeenCalledTimes(1);
    expect(scopesAsked).toContain('https://storage.azure.com/.default');
    askedForKeys.mockRestore();
  });

  it('a tampered user-delegation SAS is refused', async () => {
    const store = new AzureBlobStore(managedIdentity(), stubCredential);
    const url = new URL(
      await store.uploadUrl('1/2/MEDIA/cd34/a.pdf', {
        expiresOn: new Date(Date.now() + 60_000),
      }),
    );
    url.searchParams.set('skoid', '00000000-0000-0000-0000-000000000000');
    expect((await put(url.href, 'x')).status).toBe(403);
  });
});
