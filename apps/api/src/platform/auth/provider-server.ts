import Fastify from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { DEVELOPMENT_PROVIDER_PATH, mountDevelopmentProvider } from './development-provider';

/**
 * The development identity provider on its own HTTP server and port, the way an external provider
 * (Keycloak, Entra ID) is reached: the app then points OIDC_ISSUER at it and talks to it over the
 * network. Used by the external-provider test; `config` is the app's (its public URL and client).
 */
export async function startDevelopmentProviderServer(options: {
  db: Db;
  config: Config;
  host?: string;
  port: number;
  /** Claims it gives in userinfo only, never in the ID token. */
  userinfoOnly?: readonly string[];
}): Promise<{ issuer: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const issuer = `http://${host}:${options.port}${DEVELOPMENT_PROVIDER_PATH}`;
  const server = Fastify({ logger: false });
  await mountDevelopmentProvider(server, options.db, options.config, {
    issuer,
    ...(options.userinfoOnly ? { userinfoOnly: options.userinfoOnly } : {}),
  });
  await server.listen({ host, port: options.port });
  return { issuer, close: () => server.close() };
}
