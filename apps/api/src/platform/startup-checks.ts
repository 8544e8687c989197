import { constants } from 'node:fs';
import { access as fsAccess, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { BlobServiceClient } from '@azure/storage-blob';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { azureServiceClient, SasSigner } from './storage/azure-service';

/**
 * Settings checked at start, before anything is migrated (decision 0033): each failure is one sentence
 * naming the setting, and the process exits 1 (the platform restarts it, or the operator fixes it).
 * What config.ts can judge from the text alone (an https issuer in production, the secret's entropy)
 * it refuses there; these need the network: the ports, the database, the storage, the issuer.
 */
export class StartupRefusal extends Error {}

const seconds = (ms: number) => AbortSignal.timeout(ms);

/** Whether a TCP port can be listened on (nothing else holds it). */
function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The database URL without its password, for a message. */
const safeUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'the URL given';
  }
};

export async function checkSettingsAtStart(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
): Promise<void> {
  for (const [name, host, port] of [
    ['PORT', config.host, config.port],
    ['METRICS_PORT', config.metrics.host, config.metrics.port],
  ] as const)
    if (port && !(await portIsFree(host, port)))
      throw new StartupRefusal(
        `${name} ${port} is in use by another process: stop it or choose another ${name}.`,
      );

  try {
    await sql`select 1`.execute(database.db);
  } catch (error) {
    throw new StartupRefusal(
      config.database.url
        ? `DATABASE_URL: the database at ${safeUrl(config.database.url)} cannot be reached (${(error as Error).message}).`
        : `PGLITE_DIR: the embedded database in ${config.database.pgliteDir} cannot be opened (${(error as Error).message}).`,
    );
  }

  if (config.storage.driver === 'azure') {
    const storage = config.storage;
    const managed = storage.azureAuth === 'managed-identity';
    const setting = managed ? 'STORAGE_AZURE_AUTH=managed-identity' : 'STORAGE_AZURE_CONNECTION_STRING';
    let service: BlobServiceClient;
    try {
      service = azureServiceClient(storage);
    } catch {
      throw new StartupRefusal(
        'STORAGE_AZURE_CONNECTION_STRING is not an Azure Storage connection string (AccountName=...;AccountKey=...;BlobEndpoint=... or UseDevelopmentStorage=true).',
      );
    }
    try {
      await service.getContainerClient(storage.container).createIfNotExists({ abortSignal: seconds(15_000) });
    } catch (error) {
      throw new StartupRefusal(
        `${setting}: the container ${storage.container} at ${service.url} cannot be reached or created (${(error as Error).message.split('\n')[0]}).`,
      );
    }
    // Under managed identity every browser URL needs a user delegation key: a missing role shows now.
    if (managed)
      try {
        await new SasSigner(service, storage.azureAuth).delegationKey(new Date());
      } catch (error) {
        throw new StartupRefusal(
          `${setting}: ${service.url} gives this identity no user delegation key to sign browser URLs with (it needs Storage Blob Data Contributor or Storage Blob Delegator; ${(error as Error).message.split('\n')[0]}).`,
        );
      }
  } else {
    try {
      await mkdir(config.storage.localDir, { recursive: true });
      await fsAccess(config.storage.localDir, constants.W_OK);
    } catch {
      throw new StartupRefusal(
        `STORAGE_LOCAL_DIR: ${config.storage.localDir} cannot be written by this process.`,
      );
    }
  }

  // The identity provider may be starting too: an unreadable discovery document is not fatal. Sign-in
  // answers 503 "Sign-in is not available" and reads it again at the next sign-in.
  if (config.oidc.issuer) {
    const url = `${config.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    try {
      const res = await fetch(url, { signal: seconds(5_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const issuer = ((await res.json()) as { issuer?: string }).issuer;
      if (issuer !== config.oidc.issuer)
        log.warn(
          `OIDC_ISSUER is ${config.oidc.issuer} but the provider calls itself ${issuer}: set it to the provider's own value or sign-in will fail.`,
        );
    } catch (error) {
      log.warn(
        `OIDC_ISSUER: the discovery document ${url} could not be read (${(error as Error).message}); sign-in answers 503 until it can, and it is tried again at every sign-in.`,
      );
    }
  }
}
