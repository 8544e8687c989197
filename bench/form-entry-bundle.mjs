// Form entry page bundle size: the JavaScript a clerk's browser downloads before the first question of
// a return can be typed into, gzip-compressed, against a budget (250 kB). That is the landing
// page's initial chunks plus the form entry route's chunk and every chunk it imports statically (the
// NHS.UK form renderer among them). Chunks the route loads later with import() are listed but not
// counted: the form engine (@dcf/forms with Form.io's processors) arrives after the questions can be
// typed into (apps/web/src/formio/renderer/engine.ts).
// Reads apps/web/dist as built by `npm run build` (with its Vite manifest); builds nothing itself.
//
//   node bench/form-entry-bundle.mjs             prints a table; exit 1 when over budget
//   FORM_ENTRY_BUDGET_KB=200 node bench/...      another budget (kB = 1000 bytes, as Vite prints)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const budgetKb = Number(process.env.FORM_ENTRY_BUDGET_KB ?? 250);
const route = 'src/pages/form/form-entry-page.tsx';
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`form-entry-bundle: ${manifestPath} not found; run \`npm run build\` first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
if (!entryKey || !manifest[route]) {
  console.error(`form-entry-bundle: no ${entryKey ? route : 'index.html entry'} in the Vite manifest`);
  process.exit(2);
}

/** A chunk and every chunk it imports statically, by manifest key. */
function closure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, into);
  return into;
}

const landing = closure(entryKey);
const before = closure(route, new Set(landing));
// What the route's own chunks load later (the landing page's lazy screens are not the form's).
const later = new Set();
for (const key of [...closure(route)].filter((k) => !landing.has(k)))
  for (const dynamic of manifest[key].dynamicImports ?? [])
    for (const chunk of closure(dynamic)) if (!before.has(chunk)) later.add(chunk);

const gzipOf = (key) => gzipSync(readFileSync(path.join(dist, manifest[key].file)), { level: 9 }).length;
const rows = (keys) => [...keys].map((key) => ({ file: manifest[key].file, gzipBytes: gzipOf(key) }));
const kb = (bytes) => (bytes / 1000).toFixed(1);
const sum = (list) => list.reduce((total, row) => total + row.gzipBytes, 0);

const counted = rows(before);
const after = rows(later);
const total = sum(counted);
const withinBudget = total <= budgetKb * 1000;

console.log(`Form entry page JavaScript before the first question can be typed into (${dist}):`);
console.table(counted.map((r) => ({ file: r.file, 'gzip kB': kb(r.gzipBytes) })));
console.log(
  `JS total: ${kb(total)} kB gzip (budget ${budgetKb} kB gzip) -> ${withinBudget ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(
  `Loaded afterwards by the page (not counted): ${kb(sum(after))} kB gzip in ${after.length} chunks` +
    (after.length ? ` (${after.map((r) => `${r.file} ${kb(r.gzipBytes)}`).join(', ')})` : ''),
);

if (process.env.BENCH_RESULT_FILE)
  writeFileSync(
    process.env.BENCH_RESULT_FILE,
    JSON.stringify(
      {
        name: 'form-entry-bundle',
        passed: withinBudget,
        budget: { jsGzipKb: budgetKb },
        measured: { jsGzipKb: Number(kb(total)), loadedAfterGzipKb: Number(kb(sum(after))) },
        chunks: { counted, after },
      },
      null,
      2,
    ),
  );
process.exit(withinBudget ? 0 : 1);
