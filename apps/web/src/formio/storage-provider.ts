import { errorMessage } from '../api/client';
import { fileDownloadUrl, type StorageScope, uploadFile } from '../api/storage';
import type { UploadStatus } from '../components';

/**
 * The file service Form.io's file components use (`new Form(el, definition, { fileService })`): files go
 * straight to blob storage through our Storage tokens, under the organisation's MEDIA folder, with
 * Form.io's own progress bar fed by the upload's progress. A submission keeps only the file's record
 * (blob path, original name, size, type), never a URL: download links are asked for when opened, as
 * they expire after minutes.
 */
export interface StoredFileInfo {
  storage: 'local' | 'azure';
  /** The blob path: what a download token is asked for. */
  name: string;
  originalName: string;
  size: number;
  type: string;
}

export interface FormioFileService {
  uploadFile(
    storage: string,
    file: File,
    fileName: string,
    dir: string,
    progressCallback?: (event: { loaded: number; total: number }) => void,
    url?: string,
    options?: unknown,
    fileKey?: string,
    groupPermissions?: unknown,
    groupId?: unknown,
    uploadStartCallback?: () => void,
    abortCallback?: (abort: () => void) => void,
  ): Promise<StoredFileInfo>;
  downloadFile(fileInfo: StoredFileInfo, options?: unknown): Promise<StoredFileInfo & { url: string }>;
  deleteFile(fileInfo: StoredFileInfo, options?: unknown): Promise<{ success: boolean }>;
}

export interface FileServiceEvents {
  /** True while any upload runs, so the page disables save and submit (specification, section 2). */
  onUploadingChange?: (isUploading: boolean) => void;
  /**
   * Each upload's progress, so the page can say 'Uploading: N%' in words (Form.io's own bar has none):
   * uploading with the percentage, then completed or error.
   */
  onUploadStatus?: (fileName: string, status: UploadStatus) => void;
}

export function createFileService(scope: StorageScope, events: FileServiceEvents = {}): FormioFileService {
  let running = 0;
  const track = (delta: 1 | -1) => {
    const before = running > 0;
    running += delta;
    if (before !== running > 0) events.onUploadingChange?.(running > 0);
  };
  return {
    async uploadFile(
      _storage,
      file,
      _fileName,
      _dir,
      progressCallback,
      _url,
      _options,
      _fileKey,
      _groupPermissions,
      _groupId,
      uploadStartCallback,
      abortCallback,
    ) {
      const controller = new AbortController();
      abortCallback?.(() => controller.abort());
      // Form.io's callback reads the promise this call returns (`emit('fileUploadingStart', filePromise)`):
      // called synchronously it hits the promise's temporal dead zone and the upload fails, so wait a tick.
      queueMicrotask(() => uploadStartCallback?.());
      track(1);
      try {
        const uploaded = await uploadFile(scope, file, {
          onProgress: (percent) => {
            progressCallback?.({ loaded: percent, total: 100 });
            events.onUploadStatus?.(file.name, { state: 'uploading', percent });
          },
          signal: controller.signal,
        });
        events.onUploadStatus?.(file.name, { state: 'completed' });
        return {
          storage: uploaded.storage,
          name: uploaded.blobNameWithPath,
          originalName: uploaded.originalName,
          size: uploaded.size,
          type: uploaded.type,
        };
      } catch (error) {
        events.onUploadStatus?.(file.name, { state: 'error', message: errorMessage(error) });
        throw error;
      } finally {
        track(-1);
      }
    },
    async downloadFile(fileInfo) {
      return { ...fileInfo, url: await fileDownloadUrl(scope, fileInfo.name) };
    },
    // The blob stays: a revision saved earlier may still name it, and revisions are never rewritten.
    async deleteFile() {
      return { success: true };
    },
  };
}
