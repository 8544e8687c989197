// Builds the API server into one JavaScript file, apps/api/dist/server.mjs, which `npm run serve` (and so
// `npm start`) runs with plain Node. Loading ~300 TypeScript modules through tsx's loader hooks was most of
// a cold start's CPU (decision 0026); the bundle is one file Node parses at once. Our own code and the
// workspace packages (@dcf/domain, @dcf/forms, TypeScript sources) are bundled; every npm package stays
// an import from node_modules, as installed. `npm run dev:api` and the tests still run the sources with tsx.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(outdir, 'server.mjs'),
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
});
console.log(
  `API server bundled: ${path.relative(process.cwd(), path.join(outdir, 'server.mjs'))} (${Math.round(performance.now() - started)} ms)`,
);
