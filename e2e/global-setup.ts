import type { FullConfig } from '@playwright/test';
import { buildApiServer, ensureWebAppBuilt, startApp } from './app-server';

/**
 * Starts the built app once for the whole run, unless E2E_BASE_URL points at one already running.
 * Tests read the address from E2E_BASE_URL (workers inherit the environment set here).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the app already running at ${process.env.E2E_BASE_URL}`);
    return async () => {};
  }
  ensureWebAppBuilt();
  buildApiServer();
  const started = Date.now();
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseUrl;
  console.log(
    `[e2e] app started at ${app.baseUrl} on a fresh PGlite database in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return async () => {
    await app.stop();
  };
}
