import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

/**
 * A zip archive written front to back into a stream, one entry at a time, never held whole: each
 * entry is deflated by Node's zlib (on the thread pool, so the other core compresses while this one
 * builds XML) and followed by a data descriptor (its CRC and sizes are known only at its end); the
 * central directory closes the archive. No ZIP64: an entry or the archive over 4 GiB is refused.
 */
export interface ZipStream {
  /** Starts the next entry; the previous one must have been closed. */
  open(name: string): Promise<void>;
  /** Adds bytes to the open entry; resolves when both zlib and the output can take more. */
  write(data: Buffer): Promise<void>;
  close(): Promise<void>;
  /** Writes the central directory and ends the output. */
  finish(): Promise<void>;
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

const LIMIT = 0xffffffff;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;

/** MS-DOS time and date of `at` (the only timestamps a plain zip header holds). */
function dosTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

export function zipStream(out: Writable, level = 1): ZipStream {
  const entries: Entry[] = [];
  const [time, date] = dosTime(new Date());
  let offset = 0;
  let current: { entry: Entry; deflate: DeflateRaw } | undefined;

  const emit = (bytes: Buffer) => {
    offset += bytes.length;
    out.write(bytes);
  };
  const drained = async () => {
    if (out.destroyed) throw new Error('The download was cancelled');
    if (offset > LIMIT) throw new Error('The export is too large for one XLSX file (4 GiB)');
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  return {
    async open(name) {
      const entry: Entry = { name: Buffer.from(name), offset, crc: 0, size: 0, compressed: 0 };
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(FLAGS, 6);
      header.writeUInt16LE(DEFLATE, 8);
      header.writeUInt16LE(time, 10);
      header.writeUInt16LE(date, 12);
      // CRC and sizes (14-25) stay 0: the data descriptor gives them.
      header.writeUInt16LE(entry.name.length, 26);
      emit(Buffer.concat([header, entry.name]));
      // Output in 128 kB pieces (16 kB by default): fewer round trips between zlib's thread and this one.
      const deflate = createDeflateRaw({ level, chunkSize: 128 * 1024 });
      deflate.on('data', (chunk: Buffer) => {
        entry.compressed += chunk.length;
        emit(chunk);
      });
      deflate.on('error', (error) => out.destroy(error));
      current = { entry, deflate };
      await drained();
    },
    async write(data) {
      if (!current) throw new Error('No zip entry is open');
      current.entry.crc = crc32(data, current.entry.crc);
      current.entry.size += data.length;
      if (current.entry.size > LIMIT) throw new Error('The export is too large for one XLSX file (4 GiB)');
      if (!current.deflate.write(data)) await once(current.deflate, 'drain');
      await drained();
    },
    async close() {
      if (!current) return;
      const { entry, deflate } = current;
      const ended = once(deflate, 'end');
      deflate.end();
      await ended;
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.compressed, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      emit(descriptor);
      entries.push(entry);
      current = undefined;
      await drained();
    },
    async finish() {
      const start = offset;
      for (const e of entries) {
        const record = Buffer.alloc(46);
        record.writeUInt32LE(0x02014b50, 0);
        record.writeUInt16LE(20, 4);
        record.writeUInt16LE(20, 6);
        record.writeUInt16LE(FLAGS, 8);
        record.writeUInt16LE(DEFLATE, 10);
        record.writeUInt16LE(time, 12);
        record.writeUInt16LE(date, 14);
        record.writeUInt32LE(e.crc, 16);
        record.writeUInt32LE(e.compressed, 20);
        record.writeUInt32LE(e.size, 24);
        record.writeUInt16LE(e.name.length, 28);
        // Extra field, comment, disk number, attributes (30-41): none.
        record.writeUInt32LE(e.offset, 42);
        emit(Buffer.concat([record, e.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      emit(end);
      out.end();
    },
  };
}
