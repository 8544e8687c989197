import type { TokenCredential } from '@azure/identity';
import { BlobSASPermissions, type ContainerClient } from '@azure/storage-blob';
import type { Config } from '../../config';
import { azureServiceClient, SasSigner } from './azure-service';
import type { BlobStore } from './blob-store';

/**
 * Azure Blob Storage (production): the browser PUTs to and GETs from SAS URLs the API signs with the
 * account key of the connection string, or as user-delegation SAS under managed identity
 * (STORAGE_AZURE_AUTH, azure-service.ts). A SAS is scoped to one blob, create+write or read only, and
 * expires after STORAGE_TOKEN_MINUTES. The account needs a CORS rule allowing PUT from the app's origin.
 * A SAS cannot cap the size of an upload; the token endpoint refuses over-large declared sizes and the
 * API never trusts a blob's size without reading it.
 */
export class AzureBlobStore implements BlobStore {
  readonly kind = 'azure';
  readonly browserOrigin: string;
  private readonly container: ContainerClient;
  private readonly publicOrigin: string | undefined;
  private readonly signer: SasSigner;
  private ready: Promise<unknown> | null = null;

  /** `credential`: for managed identity in tests; DefaultAzureCredential otherwise. */
  constructor(settings: Config['storage'], credential?: TokenCredential) {
    const service = azureServiceClient(settings, credential);
    this.container = service.getContainerClient(settings.container);
    this.signer = new SasSigner(service, settings.azureAuth);
    this.publicOrigin = settings.publicOrigin;
    this.browserOrigin = settings.publicOrigin ?? new URL(this.container.url).origin;
  }

  /**
   * The signed URL as the browser must reach it: on STORAGE_PUBLIC_ORIGIN when set. A SAS signs the
   * account, container and blob, never the host, so the same signature holds there.
   */
  private forBrowser(url: string): string {
    if (!this.publicOrigin) return url;
    const signed = new URL(url);
    return `${this.publicOrigin}${signed.pathname}${signed.search}`;
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
    return this.forBrowser(
      await this.signer.sign(this.container.getBlockBlobClient(blobPath), {
        permissions: BlobSASPermissions.parse('cw'),
        expiresOn: options.expiresOn,
      }),
    );
  }

  async downloadUrl(blobPath: string, options: { expiresOn: Date }) {
    await this.ensureContainer();
    const name = blobPath.slice(blobPath.lastIndexOf('/') + 1);
    return this.forBrowser(
      await this.signer.sign(this.container.getBlobClient(blobPath), {
        permissions: BlobSASPermissions.parse('r'),
        expiresOn: options.expiresOn,
        contentDisposition: `attachment; filename="${name.replace(/"/g, '')}"`,
      }),
    );
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
