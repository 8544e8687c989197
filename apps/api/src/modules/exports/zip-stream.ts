import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ZipArchive from 'zip-stream';

/**
 * A zip archive written front to back into a stream, one entry at a time, never held whole: zip-stream
 * (archiver's engine) deflates each entry with Node's zlib (on the thread pool, so the other core
 * compresses while this one builds XML), writes its CRC and sizes after it (a data descriptor: they are
 * known only at its end) and closes the archive with the central directory.
 *
 * ZIP64 where a figure outgrows its field (APPNOTE 4.5.3), as zip-stream writes it: an entry of 4 GiB
 * or more gets 8-byte sizes in its data descriptor and the ZIP64 extra field in the central directory;
 * an archive of more than 65,535 entries, or whose directory passes 4 GiB, ends with the ZIP64 end
 * record and its locator. So an export over 4 GiB is written, not refused (zip-stream.test.ts reads
 * these structures back with yauzl and fflate).
 *
 * It replaced a zip writer of our own (decision 0038): on the 15,000-row export's workbook
 * (bench/zip.bench.ts) ours cost as much CPU per row or more, and took longer, than zip-stream's.
 */
export interface ZipStream {
  /** Starts the next entry; the previous one must have been closed. */
  open(name: string): Promise<void>;
  /** Adds bytes to the open entry; resolves when the archive (and the client behind it) can take more. */
  write(data: Buffer): Promise<void>;
  close(): Promise<void>;
  /** Writes the central directory and ends the output. */
  finish(): Promise<void>;
}

export interface ZipOptions {
  /** Deflate level (default 1: the export's balance of CPU and size). */
  level?: number;
  /** Every entry and the end in ZIP64 form whatever their size (tests read its structures this way). */
  forceZip64?: boolean;
}

const cancelled = () => new Error('The download was cancelled');

export function zipStream(out: Writable, options: ZipOptions = {}): ZipStream {
  const archive = new ZipArchive({
    zlib: { level: options.level ?? 1 },
    forceZip64: options.forceZip64 ?? false,
  });
  archive.on('error', (error: Error) => out.destroy(error));
  archive.pipe(out);
  // A client that goes away ends every wait below: nothing would drain again.
  const gone = new Promise<never>((_, reject) => out.once('close', () => reject(cancelled())));
  gone.catch(() => {}); // raced below; the archive's own end closes `out` too
  const date = new Date();
  let entry: { source: PassThrough; added: Promise<void> } | undefined;

  return {
    async open(name) {
      if (out.destroyed) throw cancelled();
      const source = new PassThrough({ highWaterMark: 128 * 1024 });
      const added = new Promise<void>((resolve, reject) =>
        archive.entry(source, { name, date }, (error) => (error ? reject(error) : resolve())),
      );
      added.catch(() => {}); // awaited by close; a failure first seen by write must not go unhandled
      entry = { source, added };
    },
    async write(data) {
      if (!entry) throw new Error('No zip entry is open');
      if (out.destroyed) throw cancelled();
      if (!entry.source.write(data)) await Promise.race([once(entry.source, 'drain'), gone]);
    },
    async close() {
      if (!entry) return;
      const { source, added } = entry;
      entry = undefined;
      source.end();
      await Promise.race([added, gone]);
    },
    async finish() {
      archive.finish();
    },
  };
}
