import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built web app the server serves (E2E_WEB_DIST_DIR overrides it, e.g. to try another build). */
export const webDistDir = process.env.E2E_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');

/** A port nobody listens on right now (the operating system picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Builds the web app when apps/web/dist has no index.html yet (`npm test` builds it just before). */
export function ensureWebAppBuilt(): void {
  if (existsSync(path.join(webDistDir, 'index.html')) && process.env.E2E_BUILD !== 'true') return;
  console.log('[e2e] building the web app: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('[e2e] npm run build failed');
}

/**
 * Bundles the API server (apps/api/build.mjs, well under a second) before every run, so the journeys run
 * what `npm start` runs, built from the sources as they are now, never a bundle left from older code.
 */
export function buildApiServer(): void {
  const result = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('[e2e] bundling the API server (apps/api/build.mjs) failed');
}

export interface RunningApp {
  baseUrl: string;
  process: ChildProcess;
  /** Stops the server and deletes its temporary database. */
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm run serve` does (the bundle, `node apps/api/dist/server.mjs`) on a free port with a fresh PGlite directory
 * (migrations and demo data run at start-up) and waits for GET /v1/api/health to answer 200.
 */
export async function startApp(
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningApp> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcf-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      STORAGE_LOCAL_DIR: path.join(dataDir, 'blobs'),
      WEB_DIST_DIR: webDistDir,
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_SIGN_IN_MAX: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    if (process.env.E2E_SERVER_LOGS === 'true') process.stdout.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`[e2e] the server exited with code ${child.exitCode}:\n${logs.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/v1/api/health`);
      if (response.status === 200) return { baseUrl, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`[e2e] the server did not answer /v1/api/health in time:\n${logs.join('')}`);
}
