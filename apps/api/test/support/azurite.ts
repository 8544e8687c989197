import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/config';
import { freePort } from './free-port';

/** Azurite's well-known development account (public, documented by Microsoft). */
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  connectionString: string;
  blobEndpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts the Azure Storage emulator (npm package azurite) on a random port, in memory, for one test
 * file. `--disableTelemetry` keeps it off the network; `--skipApiVersionCheck` accepts the SDK's newer
 * API version. `oauth`: Microsoft Entra ID tokens too (Azurite's basic OAuth: it checks a token's
 * issuer, audience and times, not its signature), which Azurite serves over https only, with a
 * self-signed certificate made here (the test must accept it).
 */
export async function startAzurite(options: { oauth?: boolean } = {}): Promise<Azurite> {
  const port = await freePort();
  const location = await mkdtemp(path.join(tmpdir(), 'dcf-azurite-'));
  const tls = options.oauth ? selfSignedCertificate(location) : null;
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/azurite-blob'),
    [
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--extentMemoryLimit',
      '64',
      '--disableTelemetry',
      '--skipApiVersionCheck',
      ...(tls ? ['--oauth', 'basic', '--cert', tls.cert, '--key', tls.key] : []),
    ],
    // Its working folder (a debug log at most) is a temporary one, never the repository.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: location },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('Azurite did not start within 30 s'));
    }, 30_000);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/successfully listen/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited (${code}): ${output}`));
    });
  });
  const scheme = tls ? 'https' : 'http';
  const blobEndpoint = `${scheme}://127.0.0.1:${port}/${ACCOUNT}`;
  return {
    blobEndpoint,
    connectionString: `DefaultEndpointsProtocol=${scheme};AccountName=${ACCOUNT};AccountKey=${KEY};BlobEndpoint=${blobEndpoint};`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(location, { recursive: true, force: true });
    },
  };
}

/** A certificate for 127.0.0.1, valid for a day, in `dir` (openssl, as on every CI image). */
function selfSignedCertificate(dir: string) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
