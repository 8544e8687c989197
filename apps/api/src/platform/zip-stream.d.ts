/** The part of zip-stream 7 (archiver's engine, an ES module without types) the XLSX writer uses. */
declare module 'zip-stream' {
  import type { Readable, Transform } from 'node:stream';

  export interface ZipStreamOptions {
    /** Passed to zlib: the deflate level. */
    zlib?: { level?: number };
    /** Every entry and the end in ZIP64 form whatever their size. */
    forceZip64?: boolean;
    /** Stored, not deflated. */
    store?: boolean;
  }

  export interface ZipEntryData {
    name: string;
    date?: Date;
    store?: boolean;
  }

  export default class ZipStream extends Transform {
    constructor(options?: ZipStreamOptions);
    /** Adds one entry; entries go one at a time: the next after `done`. */
    entry(source: Readable | Buffer | string, data: ZipEntryData, done: (error?: Error | null) => void): this;
    /** Writes the central directory and ends the output. */
    finish(): void;
  }
}
