import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUploadStatus } from '../components/file-upload-status';
import { FakeXhr, stubXhr } from '../test/fake-xhr';
import { jsonResponse } from '../test/fixtures';
import { putBlob, uploadFile, useFileUpload } from './storage';

const token = {
  blobNameWithPath: '',
  url: '/blobs/x?sig=1',
  expiresOn: '2026-11-23T12:00:00Z',
  storage: 'local',
};
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  stubXhr();
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const [file] = JSON.parse(String(init.body));
    return jsonResponse([{ ...token, blobNameWithPath: file.blobNameWithPath }]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => act(async () => {});

describe('putBlob', () => {
  it('PUTs the file as a block blob with its type, reports progress, and resolves on 201', async () => {
    const percents: number[] = [];
    const file = new Blob(['x'.repeat(10)], { type: 'application/pdf' });
    const done = putBlob('/blobs/a?sig=1', file, (p) => percents.push(p));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr).toMatchObject({ method: 'PUT', url: '/blobs/a?sig=1', body: file });
    expect(xhr.headers).toEqual({ 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/pdf' });
    xhr.progress(5, 10);
    xhr.progress(10, 10);
    xhr.answer(201);
    await expect(done).resolves.toBeUndefined();
    expect(percents).toEqual([50, 100]);
  });

  it("rejects with 'Something went wrong' on any status other than 201, even a success", async () => {
    for (const status of [200, 204, 403, 500]) {
      const done = putBlob('/blobs/a', new Blob(['x']));
      (FakeXhr.last as FakeXhr).answer(status);
      await expect(done, String(status)).rejects.toThrow('Something went wrong');
    }
    const failed = putBlob('/blobs/a', new Blob(['x']));
    (FakeXhr.last as FakeXhr).onerror?.();
    await expect(failed).rejects.toThrow('Something went wrong');
  });
});

describe('uploadFile', () => {
  it("asks for a token for a fresh path under the organisation's MEDIA folder with the size in MB", async () => {
    const file = new File(['a'.repeat(1024)], 'My report (final).pdf', { type: 'application/pdf' });
    const done = uploadFile({ collectionId: 4, organisationId: 9 }, file);
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    (FakeXhr.last as FakeXhr).answer(201);
    const uploaded = await done;
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v1/api/Storage/StorageTokensForUpload/Collection/4/Organisation/9');
    const [asked] = JSON.parse(String(init.body));
    expect(asked.blobNameWithPath).toMatch(/^4\/9\/MEDIA\/[0-9a-f-]{36}\/My report \(final\)\.pdf$/);
    expect(asked).toMatchObject({ fileSizeInMb: 1024 / (1024 * 1024), isFormTemplate: false });
    expect(uploaded).toMatchObject({
      blobNameWithPath: asked.blobNameWithPath,
      originalName: 'My report (final).pdf',
    });
  });

  it('shows the API message (wrong type, too big) and never starts the upload', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { status: 400, errors: { '0.fileSizeInMb': ['File is too big; it must be at most 25 MB'] } },
        400,
      ),
    );
    await expect(uploadFile({ collectionId: 4 }, new File(['x'], 't.xlsx'))).rejects.toThrow(
      'File is too big; it must be at most 25 MB',
    );
    expect(FakeXhr.last).toBeUndefined();
  });
});

function Uploader({ file }: { file: File }) {
  const { status, upload, isUploading } = useFileUpload({ collectionId: 4, organisationId: 9 });
  return (
    <>
      <button type="button" onClick={() => void upload(file).catch(() => {})}>
        Upload
      </button>
      <button type="button" disabled={isUploading}>
        Save draft
      </button>
      <FileUploadStatus status={status} />
    </>
  );
}

describe('useFileUpload', () => {
  it("shows 'Uploading: N%' with save disabled, then clears the message once stored", async () => {
    render(<Uploader file={new File(['abcd'], 'a.pdf', { type: 'application/pdf' })} />);
    await act(async () => screen.getByRole('button', { name: 'Upload' }).click());
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading: 0%');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    act(() => (FakeXhr.last as FakeXhr).progress(1, 4));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading: 25%');
    await act(async () => (FakeXhr.last as FakeXhr).answer(201));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  });

  it("shows 'Something went wrong' as an error when storage answers other than 201", async () => {
    render(<Uploader file={new File(['abcd'], 'a.pdf')} />);
    await act(async () => screen.getByRole('button', { name: 'Upload' }).click());
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    await act(async () => (FakeXhr.last as FakeXhr).answer(200));
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Something went wrong');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  });
});
