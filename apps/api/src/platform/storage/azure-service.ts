import type { TokenCredential } from '@azure/identity';
import {
  type BlobClient,
  type BlobGenerateSasUrlOptions,
  BlobServiceClient,
  type UserDelegationKey,
} from '@azure/storage-blob';
import type { Config } from '../../config';

/**
 * How the service reaches Azure Blob Storage, as STORAGE_AZURE_AUTH says (decision 0033):
 * - `connection-string`: the account key of STORAGE_AZURE_CONNECTION_STRING signs requests and SAS;
 * - `managed-identity`: Microsoft Entra ID tokens from DefaultAzureCredential (the app's managed
 *   identity, workload identity, or AZURE_TENANT_ID/AZURE_CLIENT_ID/AZURE_CLIENT_SECRET) at
 *   STORAGE_AZURE_ACCOUNT_URL; the browser's URLs are user-delegation SAS, signed with a key the
 *   account hands to that identity (it needs "Storage Blob Data Contributor" on the account or container).
 * `credential` replaces DefaultAzureCredential in tests (Azurite accepts any well-formed token).
 */
export function azureServiceClient(
  settings: Config['storage'],
  credential?: TokenCredential,
): BlobServiceClient {
  if (settings.azureAuth === 'managed-identity') {
    if (!settings.azureAccountUrl)
      throw new Error('STORAGE_AZURE_ACCOUNT_URL is required when STORAGE_AZURE_AUTH=managed-identity');
    return new BlobServiceClient(settings.azureAccountUrl, credential ?? defaultCredential());
  }
  if (!settings.azureConnectionString)
    throw new Error('STORAGE_AZURE_CONNECTION_STRING is required when STORAGE_DRIVER=azure');
  return BlobServiceClient.fromConnectionString(settings.azureConnectionString);
}

/**
 * DefaultAzureCredential, loaded at its first token: @azure/identity (and MSAL under it) is never
 * loaded by an instance that signs with an account key, and adds nothing to a start (decision 0026).
 */
function defaultCredential(): TokenCredential {
  let credential: Promise<TokenCredential> | undefined;
  return {
    async getToken(scopes, options) {
      credential ??= import('@azure/identity').then(
        ({ DefaultAzureCredential }) => new DefaultAzureCredential(),
      );
      return (await credential).getToken(scopes, options);
    },
  };
}

/** A user delegation key lasts this long (Azure allows 7 days); a new one is asked for before it ends. */
const KEY_HOURS = 24;
/** Clock skew between this server and Azure, allowed at both ends of the key's validity. */
const SKEW_MS = 5 * 60_000;

/**
 * Signs blob URLs for the browser: with the account key, or, under managed identity, with a user
 * delegation key asked for once a day (one request, shared by concurrent signers) and renewed while it
 * still outlasts every SAS it signs.
 */
export class SasSigner {
  private key: Promise<UserDelegationKey> | null = null;
  private keyExpires = 0;

  constructor(
    private readonly service: BlobServiceClient,
    private readonly auth: Config['storage']['azureAuth'],
  ) {}

  async sign(blob: BlobClient, options: BlobGenerateSasUrlOptions & { expiresOn: Date }): Promise<string> {
    if (this.auth === 'connection-string') return blob.generateSasUrl(options);
    return blob.generateUserDelegationSasUrl(options, await this.delegationKey(options.expiresOn));
  }

  /** The user delegation key, valid beyond `until` (asked for at start too: startup-checks.ts). */
  delegationKey(until: Date): Promise<UserDelegationKey> {
    if (!this.key || this.keyExpires - SKEW_MS < until.getTime()) {
      const now = Date.now();
      const expires = Math.max(now + KEY_HOURS * 3_600_000, until.getTime() + SKEW_MS * 2);
      this.keyExpires = expires;
      this.key = this.service
        .getUserDelegationKey(new Date(now - SKEW_MS), new Date(expires))
        .then((response) => response as UserDelegationKey);
      this.key.catch(() => {
        this.key = null; // the next signature asks again
      });
    }
    return this.key;
  }
}
