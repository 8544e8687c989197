import { BlobSASPermissions, BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';

/**
 * Azure Blob Storage (production): the browser PUTs to and GETs from SAS URLs the API signs with the
 * account key of the connection string. A SAS is scoped to one blob, create+write or read only, and
 * expires after STORAGE_TOKEN_MINUTES. The account needs a CORS rule allowing PUT from the app's origin.
 * A SAS cannot cap the size of an upload; the token endpoint refuses over-large declared sizes and the
 * API never trusts a blob's size without reading it.
 */
export class AzureBlobStore implements BlobStore {
  readonly kind = 'azure';
  private readonly container: ContainerClient;
  private ready: Promise<unknown> | null = null;

  constructor(settings: Config['storage']) {
    if (!settings.azureConnectionString)
      throw new Error('STORAGE_AZURE_CONNECTION_STRING is required when STORAGE_DRIVER=azure');
    this.container = BlobServiceClient.fromConnectionString(
      settings.azureConnectionString,
    ).getContainerClient(settings.container);
  }

  /** Creates the container on first use (idempotent), so a new storage account needs no manual step. */
  private ensureContainer() {
    this.ready ??= this.container.createIfNotExists().catch((error) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  async uploadUrl(blobPath: string, options: { expiresOn: Date }) {
    await this.ensureContainer();
    return this.container.getBlockBlobClient(blobPath).generateSasUrl({
      permissions: BlobSASPermissions.parse('cw'),
      expiresOn: options.expiresOn,
    });
  }

  async downloadUrl(blobPath: string, options: { expiresOn: Date }) {
    await this.ensureContainer();
    const name = blobPath.slice(blobPath.lastIndexOf('/') + 1);
    return this.container.getBlobClient(blobPath).generateSasUrl({
      permissions: BlobSASPermissions.parse('r'),
      expiresOn: options.expiresOn,
      contentDisposition: `attachment; filename="${name.replace(/"/g, '')}"`,
    });
  }

  async read(blobPath: string): Promise<Buffer | null> {
    await this.ensureContainer();
    try {
      return await this.container.getBlobClient(blobPath).downloadToBuffer();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async write(blobPath: string, data: Buffer, contentType = 'application/octet-stream') {
    await this.ensureContainer();
    await this.container
      .getBlockBlobClient(blobPath)
      .uploadData(data, { blobHTTPHeaders: { blobContentType: contentType } });
  }
}
