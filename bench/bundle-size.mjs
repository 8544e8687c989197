// Landing-page bundle size: the JavaScript a first visit to / downloads before anything renders (the
// entry chunk and every chunk it imports statically), gzip-compressed, against a budget.
// Reads apps/web/dist as built by `npm run build`; builds nothing itself.
//
//   node bench/bundle-size.mjs            prints a table; exit 1 when over budget
//   BUNDLE_BUDGET_KB=150 node bench/...   another budget (kB = 1000 bytes, as Vite prints)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 120);

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`bundle-size: ${dist}/index.html not found; run \`npm run build\` first`);
  process.exit(2);
}

/** The landing page's initial chunks: from Vite's manifest when there is one, else from index.html. */
function initialChunks() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
    if (!entryKey) throw new Error('bundle-size: no index.html entry in the Vite manifest');
    const js = [];
    const css = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || js.includes(chunk.file)) return;
      js.push(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entryKey);
    const lazy = Object.values(manifest).filter((c) => c.isDynamicEntry).length;
    return { source: 'Vite manifest', js, css: [...css], lazy };
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ''));
  return {
    source: 'index.html (no Vite manifest)',
    js: [
      ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
      ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ],
    css: attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
    lazy: null,
  };
}

function measure(file) {
  const bytes = readFileSync(path.join(dist, file));
  return {
    file,
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    brotliBytes: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);

const chunks = initialChunks();
const js = chunks.js.map(measure);
const css = chunks.css.map(measure);
const jsGzip = sum(js, 'gzipBytes');
const withinBudget = jsGzip <= budgetKb * 1000;

console.log(`Landing page initial JavaScript (${chunks.source}, ${dist}):`);
console.table(
  js.map((c) => ({
    file: c.file,
    'raw kB': kb(c.rawBytes),
    'gzip kB': kb(c.gzipBytes),
    'brotli kB': kb(c.brotliBytes),
  })),
);
console.log(
  `JS total: ${kb(sum(js, 'rawBytes'))} kB raw, ${kb(jsGzip)} kB gzip, ${kb(sum(js, 'brotliBytes'))} kB brotli` +
    ` (budget ${budgetKb} kB gzip) -> ${withinBudget ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`CSS (not budgeted): ${kb(sum(css, 'rawBytes'))} kB raw, ${kb(sum(css, 'gzipBytes'))} kB gzip`);
if (chunks.lazy !== null) console.log(`Chunks loaded later, on the pages that need them: ${chunks.lazy}`);

const result = {
  name: 'bundle-size',
  passed: withinBudget,
  budget: { jsGzipKb: budgetKb },
  measured: {
    jsGzipKb: Number(kb(jsGzip)),
    jsRawKb: Number(kb(sum(js, 'rawBytes'))),
    jsBrotliKb: Number(kb(sum(js, 'brotliBytes'))),
    cssGzipKb: Number(kb(sum(css, 'gzipBytes'))),
    lazyChunks: chunks.lazy,
  },
  chunks: { js, css },
};
if (process.env.BENCH_RESULT_FILE)
  writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result, null, 2));
process.exit(withinBudget ? 0 : 1);
