import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port';

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster the fault test owns: initdb into a temporary folder, its own port,
 * trust authentication on 127.0.0.1 only. It can be stopped and started again like a real server
 * restart. Uses the installed Debian binaries (/usr/lib/postgresql/<version>/bin); PostgreSQL refuses
 * to run as root, so as root (CI here) it runs as the `postgres` user.
 */
export interface PostgresCluster {
  url: string;
  port: number;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. Safe to call twice. */
  destroy(): Promise<void>;
}

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('The fault test needs PostgreSQL server binaries under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'dcf-fault-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) chownSync(dir, ...postgresIds());
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);

  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=on`;
  let running = false;
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      if (running) await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('No postgres user to run the test cluster as');
  return [Number(uid), Number(gid)];
}
