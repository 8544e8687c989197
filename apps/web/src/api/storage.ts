import {
  bytesPerMb,
  formTemplateFolder,
  mediaFolder,
  messages,
  type StorageFile,
  type StorageToken,
  safeBlobName,
  storageTokenSchema,
} from '@dcf/domain';
import { useCallback, useRef, useState } from 'react';
import { z } from 'zod';
import type { UploadStatus } from '../components/file-upload-status';
import { api, errorMessage } from './client';

/**
 * Files go straight from the browser to blob storage (specification, section 7; product decisions,
 * Files): ask the Storage endpoints for a short-lived URL scoped to one blob, then PUT the file to it.
 * The same code serves Azure SAS URLs and the embedded store's signed URLs.
 */

/** Whose files: the collection's form template (no organisation) or one organisation's attachments. */
export interface StorageScope {
  collectionId: number;
  organisationId?: number | undefined;
}

const tokenPath = (kind: 'Upload' | 'Download', scope: StorageScope) =>
  `/Storage/StorageTokensFor${kind}/Collection/${scope.collectionId}/Organisation${
    scope.organisationId === undefined ? '' : `/${scope.organisationId}`
  }`;

const tokensSchema = z.array(storageTokenSchema);

/** POST /Storage/StorageTokensForUpload/...: one URL per file; 400 carries the type and size messages. */
export function requestUploadTokens(scope: StorageScope, files: StorageFile[]): Promise<StorageToken[]> {
  return api.post(tokenPath('Upload', scope), files, { schema: tokensSchema });
}

/** POST /Storage/StorageTokensForDownload/...: one URL per file, to open or save. */
export function requestDownloadTokens(scope: StorageScope, files: StorageFile[]): Promise<StorageToken[]> {
  return api.post(tokenPath('Download', scope), files, { schema: tokensSchema });
}

/** Where a new file goes: the scope's folder, a random folder (so names never collide), the file's name. */
export function newBlobPath(scope: StorageScope, fileName: string): string {
  const folder =
    scope.organisationId === undefined
      ? formTemplateFolder(scope.collectionId)
      : mediaFolder(scope.collectionId, scope.organisationId);
  return `${folder}${crypto.randomUUID()}/${safeBlobName(fileName)}`;
}

/** An upload that storage did not accept: the specification's 'Something went wrong'. */
export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
  constructor() {
    super(messages.somethingWentWrong);
  }
}

/**
 * PUTs a file to a token URL. XMLHttpRequest rather than fetch: only it reports upload progress. Only
 * 201 (Created, as Azure and the embedded store answer) counts as stored; any other answer, a network
 * failure or an abort rejects with UploadFailedError.
 */
export function putBlob(
  url: string,
  file: Blob,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('x-ms-blob-type', 'BlockBlob');
    if (file.type) request.setRequestHeader('Content-Type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    };
    request.onload = () => (request.status === 201 ? resolve() : reject(new UploadFailedError()));
    request.onerror = () => reject(new UploadFailedError());
    request.onabort = () => reject(new UploadFailedError());
    request.ontimeout = () => reject(new UploadFailedError());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

export interface UploadedFile {
  blobNameWithPath: string;
  /** The name the person chose. */
  originalName: string;
  size: number;
  type: string;
  storage: StorageToken['storage'];
}

/** Asks for a token (type and size checked by the API) and uploads the file with progress. */
export async function uploadFile(
  scope: StorageScope,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const blobNameWithPath = newBlobPath(scope, file.name);
  const [token] = await requestUploadTokens(scope, [
    {
      blobNameWithPath,
      fileSizeInMb: file.size / bytesPerMb,
      isFormTemplate: scope.organisationId === undefined,
    },
  ]);
  if (!token) throw new UploadFailedError();
  options.onProgress?.(0);
  await putBlob(token.url, file, options.onProgress, options.signal);
  return {
    blobNameWithPath,
    originalName: file.name,
    size: file.size,
    type: file.type,
    storage: token.storage,
  };
}

/** A short-lived URL to open or save a stored file. */
export async function fileDownloadUrl(scope: StorageScope, blobNameWithPath: string): Promise<string> {
  const [token] = await requestDownloadTokens(scope, [
    { blobNameWithPath, isFormTemplate: scope.organisationId === undefined },
  ]);
  if (!token) throw new UploadFailedError();
  return token.url;
}

/**
 * One upload at a time with its status for `FileUploadStatus`: queued, 'Uploading: N%', the API's message
 * (wrong type, too big) or 'Something went wrong', and cleared once complete. `isUploading` disables save
 * and submit buttons meanwhile.
 */
export function useFileUpload(scope: StorageScope) {
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const upload = useCallback(async (file: File, signal?: AbortSignal) => {
    setStatus({ state: 'queued' });
    try {
      const uploaded = await uploadFile(scopeRef.current, file, {
        onProgress: (percent) => setStatus({ state: 'uploading', percent }),
        ...(signal ? { signal } : {}),
      });
      setStatus({ state: 'completed' });
      return uploaded;
    } catch (error) {
      setStatus({ state: 'error', message: errorMessage(error) });
      throw error;
    }
  }, []);
  const isUploading = status?.state === 'queued' || status?.state === 'uploading';
  return { status, upload, isUploading, reset: () => setStatus(null) };
}
