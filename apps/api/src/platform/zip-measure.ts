import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatFileSize, messages } from '@dcf/domain';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HttpProblem } from './errors';

/**
 * Measures a zip (an .xlsx workbook is one) before any parser opens it (decision 0032). exceljs and
 * JSZip inflate every part into memory: a 1 MB file can hold a part that inflates to 1 GB. So, with
 * yauzl (a maintained reader that trusts nothing it has not checked):
 *
 * 1. the central directory is read, and nothing is inflated, if it lists more parts than allowed, a
 *    part or a total larger than allowed, or a part compressed more than the ratio allows;
 * 2. each part's local header must agree with the directory (a parser that reads local headers would
 *    otherwise see other sizes than the ones measured);
 * 3. each part is then inflated into nothing, as a stream, with yauzl refusing any part that inflates
 *    to more bytes than the directory declared: a file that lies about its sizes is refused after at
 *    most the declared size plus one chunk, never after a gigabyte.
 *
 * Only then may a parser have the bytes: what it inflates is at most what was measured here.
 */
export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of one part. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all the parts together. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, for parts larger than `ratioFromBytes` (small parts compress well). */
  maxRatio: number;
  ratioFromBytes: number;
}

const MB = 1024 * 1024;

/**
 * Spreadsheets (Excel templates, the clerk's Excel prefill, zipped ODS register files): a real
 * workbook has tens of parts and a few MB of XML; exceljs needs ~10-20 times a part's size in memory.
 */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxEntryBytes: 50 * MB,
  maxTotalBytes: 100 * MB,
  maxRatio: 100,
  ratioFromBytes: 1 * MB,
};

/** The bytes are not a zip at all (a parser would refuse them as the wrong type of file). */
export class NotAZipError extends Error {}

/** The zip is over a limit, or lies about its sizes; `reason` is a sentence for the person. */
export class ZipRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The 413 problem of a refused zip: the code clients switch on, the reason as its detail. */
export const unpackedTooLarge = (error: ZipRefusedError) =>
  new HttpProblem('file_too_large_unpacked', messages.fileTooLargeUnpacked, { detail: error.reason });

export interface ZipMeasure {
  entries: { name: string; compressedSize: number; uncompressedSize: number }[];
  totalUncompressed: number;
}

const size = (bytes: number) => formatFileSize(bytes);

function open(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(new NotAZipError(error?.message)) : resolve(zip)),
    );
  });
}

/** The central directory's entries, one by one (yauzl reads them lazily), inflating nothing. */
function readDirectory(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  if (zip.entryCount > limits.maxEntries)
    return Promise.reject(
      new ZipRefusedError(
        `The file has ${zip.entryCount} parts; a file may have at most ${limits.maxEntries}.`,
      ),
    );
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    let total = 0;
    zip.on('error', (error: Error) =>
      reject(error instanceof ZipRefusedError ? error : new NotAZipError(error.message)),
    );
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      total += entry.uncompressedSize;
      const refusal = refusalOf(entry, total, limits);
      if (refusal) return reject(new ZipRefusedError(refusal));
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function refusalOf(entry: Entry, total: number, limits: ZipLimits): string | null {
  const name = entry.fileName;
  if (entry.uncompressedSize > limits.maxEntryBytes)
    return `The part ${name} of the file would be ${size(entry.uncompressedSize)} once opened; a part may be at most ${size(limits.maxEntryBytes)}.`;
  if (total > limits.maxTotalBytes)
    return `The file would be more than ${size(limits.maxTotalBytes)} once opened (the limit).`;
  if (
    entry.uncompressedSize > limits.ratioFromBytes &&
    entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
  )
    return `The part ${name} of the file is compressed more than ${limits.maxRatio} times, which a spreadsheet never is.`;
  return null;
}

const DATA_DESCRIPTOR = 0x08;
const ZIP64_SIZE = 0xffffffff;

/** A local header that states sizes (no data descriptor, not ZIP64) must state the directory's. */
function checkLocalHeader(zip: ZipFile, entry: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.readLocalFileHeader(entry, {}, (error, local) => {
      if (error) return reject(new NotAZipError(error.message));
      const statesSizes =
        (local.generalPurposeBitFlag & DATA_DESCRIPTOR) === 0 &&
        local.compressedSize !== ZIP64_SIZE &&
        local.uncompressedSize !== ZIP64_SIZE;
      const disagrees =
        local.compressionMethod !== entry.compressionMethod ||
        (statesSizes &&
          (local.compressedSize !== entry.compressedSize ||
            local.uncompressedSize !== entry.uncompressedSize));
      if (disagrees)
        return reject(
          new ZipRefusedError(
            `The part ${entry.fileName} of the file states two different sizes: the file is damaged or made to mislead.`,
          ),
        );
      resolve();
    });
  });
}

/** Inflates one part into nothing; yauzl errors as soon as it inflates past its declared size. */
function inflateIntoNothing(zip: ZipFile, entry: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new NotAZipError(error.message));
      const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
      pipeline(stream, sink).then(resolve, (failure: Error) =>
        reject(
          /too many bytes|too few bytes|expected .* bytes/i.test(failure.message)
            ? new ZipRefusedError(
                `The part ${entry.fileName} of the file opens to a different size than it states: the file is damaged or made to mislead.`,
              )
            : new NotAZipError(failure.message),
        ),
      );
    });
  });
}

/**
 * Measures `data` against `limits`: resolves with what it found, or rejects with ZipRefusedError (over a
 * limit, or lying) or NotAZipError (not a zip, encrypted, or damaged).
 */
export async function measureZip(
  data: Buffer,
  limits: ZipLimits = SPREADSHEET_ZIP_LIMITS,
): Promise<ZipMeasure> {
  const zip = await open(data);
  try {
    const entries = await readDirectory(zip, limits);
    for (const entry of entries) {
      if (entry.isEncrypted()) throw new NotAZipError('An encrypted part cannot be read');
      await checkLocalHeader(zip, entry);
    }
    // Every part, even one that says it is empty: a part that lies about its size is caught here.
    for (const entry of entries) await inflateIntoNothing(zip, entry);
    return {
      entries: entries.map((e) => ({
        name: e.fileName,
        compressedSize: e.compressedSize,
        uncompressedSize: e.uncompressedSize,
      })),
      totalUncompressed: entries.reduce((n, e) => n + e.uncompressedSize, 0),
    };
  } finally {
    zip.close();
  }
}

/** The parts whose names `select` takes, inflated, after the whole zip was measured. */
export async function extractZipParts(
  data: Buffer,
  select: (name: string) => boolean,
  limits: ZipLimits = SPREADSHEET_ZIP_LIMITS,
): Promise<{ name: string; data: Buffer }[]> {
  await measureZip(data, limits);
  const zip = await open(data);
  try {
    const parts: { name: string; data: Buffer }[] = [];
    for (const entry of await readDirectory(zip, limits)) {
      if (entry.fileName.endsWith('/') || !select(entry.fileName)) continue;
      const chunks: Buffer[] = [];
      await new Promise<void>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(new NotAZipError(error.message));
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (failure) => reject(new NotAZipError(failure.message)));
          stream.on('end', resolve);
        }),
      );
      parts.push({ name: entry.fileName, data: Buffer.concat(chunks) });
    }
    return parts;
  } finally {
    zip.close();
  }
}

/** Zips start with a local file header (PK\3\4), or are empty (PK\5\6). */
export const looksLikeZip = (data: Uint8Array) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5);
