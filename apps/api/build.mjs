// Builds the API server into one JavaScript file, apps/api/dist/main.mjs, started by the small
// apps/api/dist/server.mjs that `npm run serve` (and so `npm start`) runs with plain Node, and the
// operations CLI into apps/api/dist/cli.mjs (`migrate`, `import-ods`, `bootstrap-admin`, ... with plain
// Node, in the image too: no tsx, decision 0033). Loading ~300 TypeScript modules through tsx's loader
// hooks was most of a cold start's CPU (decision 0026); the bundle is one file Node parses at once. Our
// own code and the workspace packages (@dcf/domain, @dcf/forms, TypeScript sources) are bundled; every
// npm package stays an import from node_modules, as installed. `npm run dev:api` and the tests still
// run the sources with tsx.
//
// Why server.mjs is apart from main.mjs: a bundle's npm imports are static, so they load before any of
// its code runs. OpenTelemetry must hook `pg` and `http` before they load, so server.mjs starts
// tracing (dist/tracing.mjs, its own bundle, loaded only when an OTLP endpoint is set) and then imports
// main.mjs (decision 0033).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
// Two bundles, not one split build: the server stays one file to parse at start (decision 0026).
const entry = (name) => ({
  entryPoints: [path.join(here, `src/${name}.ts`)],
  outfile: path.join(outdir, `${name}.mjs`),
});
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Stack traces name the TypeScript file and line (`node --enable-source-maps`, as `npm run serve` does).
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-stay-external',
      setup(builder) {
        // A bare import is an npm package unless it is one of ours (workspace packages are TypeScript).
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@dcf/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};
// The launcher imports the other two bundles by their built names, beside it.
const launcher = {
  name: 'launcher-imports-bundles',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/(main|tracing)$/ }, (args) =>
      args.importer.endsWith(`${path.sep}server.ts`)
        ? { path: `${args.path}.mjs`, external: true }
        : undefined,
    );
  },
};
// The evaluation worker (decision 0031) is a bundle of its own, self-contained: the server's workers run
// it with Node's permission model, reading no file but this one, so every package it uses is inside.
const { bundleEvaluationWorker } = await import('./src/platform/evaluation-box/bundle.ts');
await Promise.all([
  build({ ...entry('server'), ...options, plugins: [launcher, ...options.plugins] }),
  build({ ...entry('main'), ...options }),
  build({ ...entry('tracing'), ...options }),
  build({ ...entry('cli'), ...options }),
  bundleEvaluationWorker(path.join(outdir, 'evaluation-worker.mjs')),
]);
console.log(
  `API server, CLI and evaluation worker bundled: ${path.relative(process.cwd(), outdir)}/{server,main,tracing,cli,evaluation-worker}.mjs (${Math.round(performance.now() - started)} ms)`,
);
