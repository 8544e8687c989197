import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { openDatabase } from '../src/db/database';
import { databaseUrlFor, engine, postgresAdminUrl } from './engine';
import { freePort } from './support/free-port';

/**
 * A clone of the repository must run anywhere: nothing at run time or in tests may read the folder the
 * project happens to sit in (a shared folder beside it on the developers' machines). Two proofs: the source never names
 * such a path, and the real server started from a copy of the repository in an empty temporary folder,
 * under Node's permission model that lets it read only that copy and the installed packages, migrates,
 * seeds the demo data (the bundled ODS extract of NHS trusts) and answers /health.
 */

/** Folders a clone does not have: installed packages, build output, local data and results. */
const NOT_IN_A_CLONE =
  /(^|\/)(node_modules|\.git|dist|coverage|test-results|playwright-report)(\/|$)|^(data|tmp|bench\/results)\//;

/**
 * The files a clone of the repository holds, as paths relative to it: git's list (tracked files plus new
 * ones not ignored) when this is a git checkout, otherwise every file outside the folders above.
 */
function repositoryFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const listed =
    git.status === 0
      ? git.stdout.split('\0').filter(Boolean)
      : readdirSync(repoRoot, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
  return listed.filter((f) => !NOT_IN_A_CLONE.test(f) && existsSync(path.join(repoRoot, f)));
}

// Spelt in pieces so this file does not match itself.
const OUTSIDE_PATHS = [['..', 'shared'].join('/'), ['', 'work', 'shared'].join('/')];
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|ya?ml|sh|html|css)$|(^|\/)\.ci\/run$|\.env\.example$/;

describe('the repository is self-contained', () => {
  it('names no path outside itself in code, configuration or scripts', () => {
    const files = repositoryFiles().filter((f) => CODE.test(f));
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((file) => {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      return OUTSIDE_PATHS.filter((p) => text.includes(p)).map((p) => `${file}: ${p}`);
    });
    expect(offending).toEqual([]);
  });

  describe('a copy of the repository in an empty folder', () => {
    let root = '';
    let server: ChildProcess | undefined;
    let database = '';
    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server?.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      if (database) {
        const admin = new pg.Client({ connectionString: postgresAdminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('starts the server, which migrates, seeds the bundled NHS trusts and answers /health', async () => {
      // <tmp>/dcf-clone-xxx/app: nothing beside it; its parent holds no shared folder.
      root = mkdtempSync(path.join(tmpdir(), 'dcf-clone-'));
      const clone = path.join(root, 'app');
      mkdirSync(clone);
      for (const file of repositoryFiles()) {
        mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
        copyFileSync(path.join(repoRoot, file), path.join(clone, file));
      }
      // The installed packages, linked one by one; the workspace links point into the copy.
      const packages = path.join(repoRoot, 'node_modules');
      mkdirSync(path.join(clone, 'node_modules'));
      for (const entry of readdirSync(packages)) {
        if (entry === '@dcf') continue;
        symlinkSync(path.join(packages, entry), path.join(clone, 'node_modules', entry));
      }
      // Each workspace package's link (node_modules/@dcf/x -> ../../packages/x) made again inside the copy.
      mkdirSync(path.join(clone, 'node_modules/@dcf'));
      for (const name of readdirSync(path.join(packages, '@dcf'))) {
        const target = readlinkSync(path.join(packages, '@dcf', name));
        symlinkSync(
          path.resolve(clone, 'node_modules/@dcf', target),
          path.join(clone, 'node_modules/@dcf', name),
        );
      }
      expect(existsSync(path.join(root, 'shared'))).toBe(false);

      if (engine === 'postgres') {
        database = `dcf_clone_${process.pid}_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgresAdminUrl });
        await admin.connect();
        await admin.query(`create database ${database}`);
        await admin.end();
      }
      const port = await freePort();
      const logs: string[] = [];
      // Node's permission model: the server may read the copy, the packages and the temporary folder
      // (PGlite, tsx's cache), nothing else.
      const node = path.join(packages, 'node/bin/node');
      server = spawn(
        existsSync(node) ? node : process.execPath,
        [
          '--permission',
          `--allow-fs-read=${clone}`,
          // tsx asks whether the file system is case-sensitive by looking for the path in inverted case.
          `--allow-fs-read=${invertCase(clone)}`,
          `--allow-fs-read=${packages}`,
          `--allow-fs-read=${tmpdir()}`,
          `--allow-fs-write=${tmpdir()}`,
          '--allow-child-process',
          '--allow-worker',
          '--allow-wasi',
          '--import',
          'tsx',
          'apps/api/src/server.ts',
        ],
        {
          cwd: clone,
          env: {
            PATH: process.env.PATH,
            HOME: root,
            TMPDIR: tmpdir(),
            NODE_ENV: 'development',
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            DATABASE_URL: database ? databaseUrlFor(database) : '',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      server.stdout?.on('data', (chunk) => logs.push(String(chunk)));
      server.stderr?.on('data', (chunk) => logs.push(String(chunk)));

      const health = await waitForHealth(`http://127.0.0.1:${port}/v1/api/health`, server, 150_000);
      expect(health, logs.join('')).toBe(200);
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;

      const handle = await openDatabase({
        databaseUrl: database ? databaseUrlFor(database) : undefined,
        pgliteDir: path.join(clone, 'data/pglite'),
      });
      try {
        const trusts = await handle.db
          .selectFrom('organisation')
          .innerJoin('organisationType', 'organisationType.id', 'organisation.organisationTypeId')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('organisationType.code', '=', 'RO197')
          .executeTakeFirstOrThrow();
        expect(trusts.count).toBe(241);
      } finally {
        await handle.close();
      }
    }, 240_000);
  });
});

const invertCase = (value: string) =>
  [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(url);
      if (response.ok) return response.status;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return child.exitCode === null ? 0 : -child.exitCode;
}
