// Bundles the evaluation worker (worker.ts) into one self-contained JavaScript file (decision 0031):
// every package it uses (@dcf/forms, @formio/core, lodash, re2js, luxon ...) is inside, so the worker,
// which may read no file but its own (Node's permission model), loads nothing else. Used by
// apps/api/build.mjs (dist/evaluation-worker.mjs beside the server bundle), by the API suite's global
// set-up (once per run), and by the pool when the API runs from its TypeScript sources (tsx, once per
// process). Plain Node runs this file as it is (type stripping): node: imports and esbuild only.
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));

export async function bundleEvaluationWorker(outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
    legalComments: 'none',
  });
}
