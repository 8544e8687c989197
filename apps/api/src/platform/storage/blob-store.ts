import type { Config } from '../../config';
import { AzureBlobStore } from './azure-blob-store';
import { LocalBlobStore } from './local-blob-store';

/**
 * Where uploaded files live. The browser never streams a file through the API: it asks the Storage
 * endpoints for a short-lived URL scoped to one blob path and PUTs (or GETs) it directly, as with Azure
 * SAS URLs. The API itself reads blobs only for the Excel template and writes none.
 */
export interface BlobStore {
  readonly kind: 'local' | 'azure';
  /** The origin the browser PUTs to and GETs from, when it is not the app's own (the CSP allows it). */
  readonly browserOrigin: string | null;
  /** A URL the browser PUTs the file to (answers 201); valid until `expiresOn`, for this path only. */
  uploadUrl(blobPath: string, options: { expiresOn: Date; maxBytes: number }): Promise<string>;
  /** A URL the browser GETs the file from (as an attachment); valid until `expiresOn`, for this path only. */
  downloadUrl(blobPath: string, options: { expiresOn: Date }): Promise<string>;
  /** The blob's bytes, or null when there is none. */
  read(blobPath: string): Promise<Buffer | null>;
  /** Stores bytes (the API's own writes and test set-up). */
  write(blobPath: string, data: Buffer, contentType?: string): Promise<void>;
}

const stores = new WeakMap<Config, BlobStore>();

/** The store the configuration names; one per configuration, so every module shares it. */
export function blobStoreFor(config: Config): BlobStore {
  let store = stores.get(config);
  if (!store) {
    store =
      config.storage.driver === 'azure'
        ? new AzureBlobStore(config.storage)
        : new LocalBlobStore(config.storage.localDir, config.session.secret);
    stores.set(config, store);
  }
  return store;
}
