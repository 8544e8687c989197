import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '../../src/config';
import { freePort } from '../support/free-port';

/**
 * The real service in a child process (apps/api/src/server.ts under tsx: the API suites run before
 * `npm run build` makes the bundle `npm run serve` runs; both start the same code),
 * so the test can watch it survive, or SIGKILL it mid-request. Its output is kept for the failure message.
 */
export interface ApiProcess {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  isAlive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startApiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Bounded, but large enough that a test under load (hundreds of request lines a second) still finds
  // the lifecycle lines it asserts on; failure messages print only the tail.
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const api: ApiProcess = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => log,
    isAlive: () => child.exitCode === null && child.signalCode === null,
    async kill(signal = 'SIGKILL') {
      if (!api.isAlive()) return;
      child.kill(signal);
      await exited;
    },
  };
  // Ready when it answers its health check (start-up compiles TypeScript, which on a busy machine takes a minute or more; fail at once on exit).
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (!api.isAlive()) throw new Error(`${name} exited while starting:\n${log}`);
    const ok = await fetch(`${api.baseUrl}/v1/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return api;
    await new Promise((r) => setTimeout(r, 200));
  }
  await api.kill();
  throw new Error(`${name} did not become healthy:\n${log}`);
}
