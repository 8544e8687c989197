import { constants, crc32, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';

/**
 * Hostile zips, made in the test (decision 0032): a workbook with a part that inflates to ~1 GB from
 * ~1 MB, one with thousands of parts, and ones whose sizes lie (the central directory against the data,
 * the local header against the central directory). A small zip writer of our own, because the point
 * is to write what an honest library refuses to.
 */
export interface RawPart {
  name: string;
  /** The bytes as stored (deflated for method 8). */
  stored: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the central directory says the part inflates to. */
  uncompressedSize: number;
  /** What the local header says, when it lies differently (default: the directory's). */
  localUncompressedSize?: number;
}

const MB = 1024 * 1024;

/** A raw deflate stream of `megabytes` MB of zeros, built from one deflated MB repeated (~1 KB each). */
export function zerosDeflated(megabytes: number): { stored: Buffer; crc: number; size: number } {
  const zeros = Buffer.alloc(MB);
  // A sync flush ends the chunk on a byte boundary with no final block, so copies can follow it; its
  // back-references stay inside the chunk, so each copy inflates to the same MB.
  const chunk = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(zeros, crc);
  const stored = Buffer.concat([...Array.from({ length: megabytes }, () => chunk), finalEmptyBlock]);
  return { stored, crc, size: megabytes * MB };
}

export function deflatedPart(name: string, data: Buffer | string): RawPart {
  const bytes = Buffer.from(data);
  return {
    name,
    stored: deflateRawSync(bytes),
    method: 8,
    crc: crc32(bytes),
    uncompressedSize: bytes.length,
  };
}

/** The parts of a real zip (a workbook exceljs wrote), deflated again as they were. */
export function partsOf(zip: Buffer): RawPart[] {
  return Object.entries(unzipSync(zip)).map(([name, data]) => deflatedPart(name, Buffer.from(data)));
}

/** Writes the parts as a zip: local headers and data, then the central directory and its end. */
export function writeZip(parts: RawPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.stored.length, 18);
    local.writeUInt32LE(part.localUncompressedSize ?? part.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.stored.length, 20);
    central.writeUInt32LE(part.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.stored);
    centrals.push(central, name);
    offset += local.length + name.length + part.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** ~1 MB that inflates to ~1 GB, honestly declared: a workbook's parts plus a 1 GB worksheet. */
export function honestBomb(workbook: Buffer, megabytes = 1024): Buffer {
  const zeros = zerosDeflated(megabytes);
  return writeZip([
    ...partsOf(workbook),
    { name: 'xl/worksheets/sheet9.xml', method: 8, ...zeros, uncompressedSize: zeros.size },
  ]);
}

/** The same 1 GB part, but the central directory and the local header both say it is 1 KB. */
export function lyingBomb(workbook: Buffer, megabytes = 1024): Buffer {
  const zeros = zerosDeflated(megabytes);
  return writeZip([
    ...partsOf(workbook),
    { name: 'xl/worksheets/sheet9.xml', method: 8, ...zeros, uncompressedSize: 1024 },
  ]);
}

/** A 1 GB part whose central directory says 1 KB while its local header says 1 GB. */
export function headersDisagree(workbook: Buffer, megabytes = 1024): Buffer {
  const zeros = zerosDeflated(megabytes);
  return writeZip([
    ...partsOf(workbook),
    {
      name: 'xl/worksheets/sheet9.xml',
      method: 8,
      ...zeros,
      uncompressedSize: 1024,
      localUncompressedSize: zeros.size,
    },
  ]);
}

/** A workbook's parts plus `count` small ones (each a few bytes: a parser still builds an object each). */
export function manyParts(workbook: Buffer, count = 50_000): Buffer {
  const tiny = deflatedPart('x', '<x/>');
  return writeZip([
    ...partsOf(workbook),
    ...Array.from({ length: count }, (_, i) => ({ ...tiny, name: `xl/media/p${i}.xml` })),
  ]);
}
