/**
 * The ZIP layer under the XLSX writer: the service's (zip-stream, archiver's engine) against yazl, each
 * behind the same writer, on the export benchmark's workbook (15,000 returns of the 100-question
 * form: 107 columns, three numbers to every text answer, as exports.bench.ts seeds), without the
 * database, so the ZIP layer's share is not lost in the rest of an export. Deflate level 1 for all.
 * Runs the three in turn, BENCH_RUNS times (default 5), and reports per library the medians of wall
 * time, CPU per row (every thread of the process: deflate runs on libuv's pool) and output size, and the
 * largest growth of RSS and heap; each workbook is read back with yauzl (every entry inflated, CRC checked).
 * Run: `node --expose-gc --import tsx bench/zip.bench.ts`. Figures go to bench/README.md; decision 0038
 * has the round that replaced our own zip writer (its code before ZIP64 was added for the comparison: git show 988cfc7:apps/api/src/modules/exports/zip-stream.ts).
 */
import { once } from 'node:events';
import os from 'node:os';
import { PassThrough, Writable } from 'node:stream';
import yauzl from 'yauzl';
import type { Cell, DictionaryEntry } from '../apps/api/src/modules/exports/writers';
import { xlsxSink } from '../apps/api/src/modules/exports/xlsx-writer';
import { type ZipStream, zipStream } from '../apps/api/src/modules/exports/zip-stream';
import { ownCpuSeconds } from './support/cpu';
import { mb, median, samplePeakMemory } from './support/memory';
import { yazlZip } from './support/zip-writers';

const ROWS = Number(process.env.BENCH_ROWS ?? 15_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIELDS = 100;
/** The export's rows arrive 500 at a time (exports/service.ts reads them in batches). */
const BATCH = 500;

/** No archive at all: the workbook's XML only, so the others' figures less this one are their ZIP's. */
function xmlOnly(out: PassThrough): ZipStream {
  return {
    open: async () => {},
    write: async (data) => {
      if (!out.write(data)) await once(out, 'drain');
    },
    close: async () => {},
    finish: async () => void out.end(),
  };
}

const libraries: Record<string, (out: PassThrough) => ZipStream> = {
  'xml only': xmlOnly,
  'zip-stream (the service)': (out) => zipStream(out),
  yazl: (out) => yazlZip(out),
};

const columns: DictionaryEntry[] = [
  ...[
    'Organisation code',
    'Organisation name',
    'Region',
    'Status',
    'Submitted by',
    'Submitted at',
    'Revision',
  ].map((label) => ({
    key: label.toLowerCase().replace(/ /g, '_'),
    label,
    type: 'fixed',
    page: '',
    options: '',
  })),
  ...Array.from({ length: FIELDS }, (_, i) => ({
    key: `f${i + 1}`,
    label: `Question ${i + 1}`,
    type: (i + 1) % 4 === 0 ? 'textfield' : 'number',
    page: `Page ${Math.floor(i / 25) + 1}`,
    options: '',
  })),
];

function row(n: number): Cell[] {
  const organisation = 1000 + n;
  return [
    `X${n.toString(36).toUpperCase().padStart(5, '0')}`,
    `BENCH PRACTICE ${String(n).padStart(5, '0')}`,
    'London',
    'Submitted',
    'Bench Clerk',
    '2026-05-10 13:00',
    1,
    ...Array.from({ length: FIELDS }, (_, i) =>
      (i + 1) % 4 === 0 ? `Answer ${i + 1} from ${organisation}` : ((i + 1) * organisation) % 1000,
    ),
  ];
}

/** Every entry of the archive inflated by yauzl (which checks each CRC); returns the entries' names. */
async function readBack(bytes: Buffer): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.on('error', reject).on('end', () => zip.readEntry());
        stream.resume();
      });
    });
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  return names;
}

async function writeOnce(library: string, keep: boolean) {
  const memory = samplePeakMemory();
  const out = new PassThrough();
  const kept: Buffer[] = [];
  let bytes = 0;
  // A client reading as fast as it can (the bench's reader keeps the bytes only to check them once).
  const client = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (keep) kept.push(chunk);
      done();
    },
  });
  out.pipe(client);
  const cpuBefore = ownCpuSeconds();
  const started = performance.now();
  const sink = xlsxSink(out, 'April 2026', libraries[library]!(out));
  await sink.start(columns);
  for (let n = 0; n < ROWS; n += BATCH)
    await sink.writeRows(Array.from({ length: Math.min(BATCH, ROWS - n) }, (_, i) => row(n + i)));
  await sink.finish();
  await once(client, 'finish');
  const seconds = (performance.now() - started) / 1000;
  const cpu = ownCpuSeconds() - cpuBefore;
  const peak = memory.stop();
  const entries = keep ? await readBack(Buffer.concat(kept)) : [];
  return {
    seconds,
    cpuMsPerRow: (cpu * 1000) / ROWS,
    bytes,
    entries,
    ...peak,
  };
}

async function main() {
  const runs: Record<string, Awaited<ReturnType<typeof writeOnce>>[]> = {};
  // A first, checked workbook of each: it warms the code up and proves the archive reads back whole.
  for (const library of Object.keys(libraries)) {
    const first = await writeOnce(library, library !== 'xml only');
    if (library !== 'xml only' && first.entries.length !== 7)
      throw new Error(`${library}: ${first.entries.length} entries read back`);
    runs[library] = [];
  }
  for (let i = 0; i < RUNS; i++)
    for (const library of Object.keys(libraries)) runs[library]!.push(await writeOnce(library, false));
  const results = Object.fromEntries(
    Object.entries(runs).map(([library, list]) => [
      library,
      {
        secondsMedian: Number(median(list.map((r) => r.seconds)).toFixed(2)),
        rowsPerSecondMedian: Math.round(ROWS / median(list.map((r) => r.seconds))),
        cpuMsPerRowMedian: Number(median(list.map((r) => r.cpuMsPerRow)).toFixed(4)),
        sizeMb: Number(mb(list[0]!.bytes).toFixed(2)),
        peakRssGrowthMbMax: Number(Math.max(...list.map((r) => r.peakRssGrowthMb)).toFixed(1)),
        peakHeapGrowthMbMax: Number(Math.max(...list.map((r) => r.peakHeapGrowthMb)).toFixed(1)),
        runsSeconds: list.map((r) => Number(r.seconds.toFixed(2))),
        runsCpuMsPerRow: list.map((r) => Number(r.cpuMsPerRow.toFixed(4))),
      },
    ]),
  );
  for (const [library, result] of Object.entries(results)) console.log(library, JSON.stringify(result));
  console.log(
    JSON.stringify({
      benchmark: 'zip',
      rows: ROWS,
      columns: columns.length,
      node: process.version,
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      results,
    }),
  );
}

await main();
