import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, stubXhr } from '../test/fake-xhr';
import { jsonResponse } from '../test/fixtures';
import { createFileService } from './storage-provider';

let urls: string[];
beforeEach(() => {
  urls = [];
  // Storage answers each PUT: progress half way, then 201 (or the status a test gives).
  stubXhr(201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      urls.push(url);
      const [file] = JSON.parse(String(init.body));
      return jsonResponse([
        { ...file, url: `/blobs/${file.blobNameWithPath}?sig=1`, expiresOn: 'x', storage: 'local' },
      ]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('createFileService (Form.io file components)', () => {
  it('uploads to the MEDIA folder with progress, keeps a record without a URL, and reports uploading', async () => {
    const uploading: boolean[] = [];
    const service = createFileService(
      { collectionId: 2, organisationId: 5 },
      { onUploadingChange: (on) => uploading.push(on) },
    );
    const progress: number[] = [];
    const info = await service.uploadFile(
      'azure',
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      'notes.txt',
      '',
      (e) => progress.push((100 * e.loaded) / e.total),
    );
    expect(info).toMatchObject({ storage: 'local', originalName: 'notes.txt', size: 5, type: 'text/plain' });
    expect(info.name).toMatch(/^2\/5\/MEDIA\/[0-9a-f-]{36}\/notes\.txt$/);
    expect(info).not.toHaveProperty('url');
    expect(progress).toEqual([0, 50]);
    expect(uploading).toEqual([true, false]);
    expect(urls).toEqual(['/v1/api/Storage/StorageTokensForUpload/Collection/2/Organisation/5']);

    const opened = await service.downloadFile(info);
    expect(opened.url).toBe(`/blobs/${info.name}?sig=1`);
    expect(urls[1]).toBe('/v1/api/Storage/StorageTokensForDownload/Collection/2/Organisation/5');
  });

  it("fails with 'Something went wrong' when storage does not answer 201, and says so to the page", async () => {
    FakeXhr.autoAnswer = 500;
    const statuses: unknown[] = [];
    const service = createFileService(
      { collectionId: 2, organisationId: 5 },
      { onUploadStatus: (name, status) => statuses.push([name, status]) },
    );
    await expect(service.uploadFile('azure', new File(['x'], 'a.pdf'), 'a.pdf', '')).rejects.toThrow(
      'Something went wrong',
    );
    expect(statuses.at(-1)).toEqual(['a.pdf', { state: 'error', message: 'Something went wrong' }]);
  });

  it("tells the page each upload's status: uploading with its percentage, then completed", async () => {
    const statuses: unknown[] = [];
    const service = createFileService(
      { collectionId: 2, organisationId: 5 },
      { onUploadStatus: (name, status) => statuses.push([name, status]) },
    );
    await service.uploadFile('azure', new File(['hello'], 'notes.txt'), 'notes.txt', '');
    expect(statuses).toEqual([
      ['notes.txt', { state: 'uploading', percent: 0 }],
      ['notes.txt', { state: 'uploading', percent: 50 }],
      ['notes.txt', { state: 'completed' }],
    ]);
  });

  it("calls Form.io's upload-start callback only after returning the promise (Form.io's callback reads it)", async () => {
    const service = createFileService({ collectionId: 2, organisationId: 5 });
    // As Form.io's File component does: the callback refers to the promise the call returns.
    const promise: Promise<unknown> = service.uploadFile(
      'azure',
      new File(['x'], 'a.txt'),
      'a.txt',
      '',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      () => expect(promise).toBeInstanceOf(Promise),
    );
    await expect(promise).resolves.toMatchObject({ originalName: 'a.txt' });
  });
});
