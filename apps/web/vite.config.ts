import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * NHS.UK frontend's CSS refers to /assets/images/*.svg: copy its images into public/ (ignored by git)
 * whenever Vite starts or builds, so they always match the installed version.
 */
function copyNhsukImages(): Plugin {
  return {
    name: 'dcf:copy-nhsuk-images',
    buildStart() {
      const source = resolve(here, '../../node_modules/nhsuk-frontend/dist/nhsuk/assets/images');
      const target = resolve(here, 'public/assets/images');
      if (!existsSync(source)) this.error(`nhsuk-frontend images not found at ${source}`);
      mkdirSync(target, { recursive: true });
      cpSync(source, target, { recursive: true });
    },
  };
}

/**
 * NHS.UK frontend loads the Frutiger font from assets.nhs.uk, which is out of reach here and would be a
 * request to another host. Dropping those @font-face rules leaves the design system's own fallback, Arial.
 */
function dropExternalFonts(): Plugin {
  return {
    name: 'dcf:drop-external-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('nhsuk-frontend') || !/\.css($|\?)/.test(id)) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*https?:\/\/[^}]*\}/g, ''), map: null };
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), copyNhsukImages(), dropExternalFonts()],
  css: {
    // nhsuk-frontend still carries an old IE hack (`@media screen\0`) that stops the minifier otherwise.
    lightningcss: { errorRecovery: true },
    preprocessorOptions: {
      // Bootstrap 5's Sass (the form builder's styles) still uses @import and global functions, which
      // Dart Sass warns about on every build; the warnings are Bootstrap's to fix, not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: resolve(here, 'dist'),
    manifest: true, // dist/.vite/manifest.json: bench/bundle-size.mjs reads the landing page's initial chunks
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries change less often than our code: a separate chunk stays cached across releases.
          // Only what the first page runs ('$initial'): the parts only lazy pages use (useQueries, ...)
          // load with them. zod is not listed: the first page never loads it (apps/web/README.md, "Loading").
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              tags: ['$initial'],
            },
            // The rest of the first page in one chunk (shared modules such as messages.ts would otherwise
            // get a chunk of their own, one more request and less compression).
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
      treeshake: {
        // @dcf/domain is pure logic: a module whose exports the browser does not use can be left out
        // (so the schedule engine's bank-holiday tables never reach the landing page). Only its zod
        // set-up runs for its effect, and the index too: it is what imports the set-up, which would
        // otherwise be dropped with it (zod's messages.required then missing from every form).
        moduleSideEffects: (id) =>
          !(id.includes('/packages/domain/src/') && !/\/(zod-setup|index)\.ts$/.test(id)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
      // The embedded blob store's signed URLs (uploads and downloads of files).
      '/blobs': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
      // The embedded blob store's signed URLs (uploads and downloads of files).
      '/blobs': { target: apiTarget, changeOrigin: false },
    },
  },
});
