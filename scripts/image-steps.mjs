// The Dockerfile's steps without Docker (CI has no Docker engine; decision 0033): in a clean folder,
// the build stage (install everything, `npm run build:image`), then the runtime stage in another clean
// folder (production dependencies only, the bundles, the web app, the ODS extract), then the runtime
// started as the image starts it (`node apps/api/dist/server.mjs`, as an unprivileged user when this
// runs as root), in production mode on PostgreSQL, checked: liveness, readiness, metrics, traces to an
// OTLP endpoint, the CLI bundle (migrate status, bootstrap-admin, import-ods), and SIGTERM draining to
// exit 0.
//   node scripts/image-steps.mjs        (needs PostgreSQL at 127.0.0.1:5432, as the test suite does)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = mkdtempSync(path.join(tmpdir(), 'dcf-image-'));
chmodSync(root, 0o755);
const build = path.join(root, 'build');
const runtime = path.join(root, 'runtime');
const started = Date.now();
const step = (name) => console.log(`\n--- ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
const run = (cwd, command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
};
const manifests = [
  'package.json',
  'package-lock.json',
  ...['apps/api', 'apps/web', 'packages/domain', 'packages/forms'].map((w) => `${w}/package.json`),
];
const npm = path.join(repo, 'node_modules/.bin/npm');
const npmCommand = existsSync(npm) ? npm : 'npm';

let server;
let azurite;
const spans = [];
let failed = false;
try {
  step('build stage: the repository as `COPY . .` sees it (tracked and new files, .dockerignore left out)');
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !/^(data|e2e\/results|bench\/results)\//.test(f) && existsSync(path.join(repo, f)));
  for (const f of files) cpSync(path.join(repo, f), path.join(build, f));
  run(build, npmCommand, ['install', '--no-audit', '--no-fund', '--prefer-offline']);
  run(build, npmCommand, ['run', 'build:image']);

  step('runtime stage: production dependencies only, the bundles and the web app');
  for (const f of manifests) cpSync(path.join(build, f), path.join(runtime, f));
  run(runtime, npmCommand, [
    'install',
    '--omit=dev',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--prefer-offline',
  ]);
  for (const dir of ['apps/api/dist', 'apps/web/dist', 'apps/api/src/db/seed/data'])
    cpSync(path.join(build, dir), path.join(runtime, dir), { recursive: true });
  for (const dev of ['vitest', 'tsx', 'esbuild', 'typescript', '@biomejs/biome', 'playwright-core'])
    if (existsSync(path.join(runtime, 'node_modules', dev)))
      throw new Error(`a development package is in the runtime: ${dev}`);

  step('start it as the image does: node directly, production mode, as an unprivileged user');
  const database = `dcf_image_${process.pid}`;
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  run(repo, 'psql', [admin, '-qc', `create database ${database}`]);
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: 'https://dcf.example.nhs.uk',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    SESSION_SECRET: 'Zq3vR8wN1pLx6TfY0bKc7HsJ2dMgE5aUuVtW9yQe',
    // An https provider that is not there: the instance starts, warns in one sentence, and sign-in
    // answers 503 until the provider can be reached (the checks of decision 0033).
    OIDC_ISSUER: 'https://127.0.0.1:9/realms/nhs',
    OIDC_CLIENT_ID: 'dcf',
    OIDC_CLIENT_SECRET: 'not-a-real-secret',
    STORAGE_DRIVER: 'azure',
    STORAGE_AZURE_CONNECTION_STRING: await startAzurite(),
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    SHUTDOWN_DRAIN_SECONDS: '2',
    TRUST_PROXY: '1',
    // Traces to a small OTLP/HTTP receiver here (the runtime's own OpenTelemetry packages, bundled).
    OTEL_EXPORTER_OTLP_ENDPOINT: await startOtlpReceiver(),
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  const node = process.execPath;
  const asUser =
    process.getuid?.() === 0
      ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', node]]
      : [node, []];
  const cli = (...args) => {
    const r = spawnSync(asUser[0], [...asUser[1], 'apps/api/dist/cli.mjs', ...args], {
      cwd: runtime,
      env,
      encoding: 'utf8',
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const migrated = cli('migrate');
  if (migrated.code !== 0) throw new Error(`cli migrate: ${migrated.err}`);
  server = spawn(asUser[0], [...asUser[1], '--enable-source-maps', 'apps/api/dist/server.mjs'], {
    cwd: runtime,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (c) => (log += c));
  server.stderr.on('data', (c) => (log += c));
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/v1/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`the server exited while starting:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const check = (what, ok) => {
    if (!ok) throw new Error(`${what}\n${log.slice(-4000)}`);
    console.log(`ok: ${what}`);
  };
  check('liveness 200', (await fetch(`${base}/v1/api/health/live`)).status === 200);
  check('readiness 200', (await fetch(`${base}/v1/api/health/ready`)).status === 200);
  check('the web app is served', (await (await fetch(`${base}/`)).text()).includes('<div id="root">'));
  check(
    'sign-in says it is not available while the provider cannot be reached (503)',
    (await fetch(`${base}/v1/api/Auth/Login`, { redirect: 'manual' })).status === 503,
  );
  check('the issuer warning names OIDC_ISSUER', log.includes('OIDC_ISSUER: the discovery document'));
  check('the migration is logged', log.includes('database migrated'));
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  check('metrics on their own port', metrics.includes('dcf_http_requests_total'));
  check('no /metrics on the public port', (await fetch(`${base}/metrics`)).status === 404);
  if (process.getuid?.() === 0) {
    const uid = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1];
    check('the server runs as an unprivileged user (uid 65534)', uid === '65534');
  }
  const made = cli('bootstrap-admin', 'first.admin@nhs.example');
  check(
    'bootstrap-admin makes the first super administrator',
    made.code === 0 && made.out.includes('"kind": "made"'),
  );
  check(
    'bootstrap-admin is refused once one exists',
    cli('bootstrap-admin', 'second@nhs.example').code === 1,
  );
  const imported = cli('import-ods', 'apps/api/src/db/seed/data/etr.csv', '--dry-run');
  check('import-ods reads the register file', imported.code === 0 && imported.out.includes('"dryRun": true'));
  const traced = await fetch(`${base}/v1/api/User/Current`, { headers: { cookie: 'dcf_session=unknown' } });
  server.kill('SIGTERM');
  check('SIGTERM: drained and exited 0', (await exited) === 0 && log.includes('shut down cleanly'));
  const route = spans.find((s) => s.kind === 2 && s.name === 'GET /v1/api/User/Current');
  check(
    `traces: the request (${traced.status}) as a server span named after its route, its session look-up as a database span under it, sent by the time the process exits`,
    route !== undefined &&
      spans.some((s) => s.kind === 3 && s.parentSpanId === route.spanId && s.name.startsWith('pg.query')),
  );
  server = undefined;
  run(repo, 'psql', [admin, '-qc', `drop database ${database} with (force)`]);
} catch (error) {
  failed = true;
  console.error(`\nimage steps FAILED: ${error.message}`);
} finally {
  server?.kill('SIGKILL');
  azurite?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
}
console.log(
  `\nimage steps ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed ? 1 : 0);

/** A small OTLP/HTTP receiver: keeps the spans it is sent (JSON, as the exporter sends them). */
async function startOtlpReceiver() {
  const receiver = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces')
        for (const resource of JSON.parse(body).resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.end('{}');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiver.unref();
  return `http://127.0.0.1:${receiver.address().port}`;
}

async function startAzurite() {
  const blobPort = await freePort();
  const dir = path.join(root, 'azurite');
  mkdirSync(dir, { recursive: true });
  azurite = spawn(
    path.join(repo, 'node_modules/.bin/azurite-blob'),
    [
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(blobPort),
      '--location',
      dir,
      '--disableTelemetry',
      '--skipApiVersionCheck',
      '--loose',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`http://127.0.0.1:${blobPort}/devstoreaccount1?comp=list`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:${blobPort}/devstoreaccount1;`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
