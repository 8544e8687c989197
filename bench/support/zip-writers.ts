import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';
import type { ZipStream } from '../../apps/api/src/modules/exports/zip-stream';

/**
 * The library the ZIP benchmark compares with the service's zip stream (zip-stream, archiver's engine),
 * behind the same four calls the XLSX writer makes (open an entry, write to it, close it, finish the
 * archive), at the same deflate level 1: yazl.
 */

/** yazl: an entry is a readable stream it pumps in turn; its output stream is piped to `out`. */
export function yazlZip(out: Writable, level = 1): ZipStream {
  const zip = new yazl.ZipFile();
  zip.outputStream.pipe(out);
  const mtime = new Date();
  let entry: PassThrough | undefined;
  return {
    async open(name) {
      entry = new PassThrough({ highWaterMark: 128 * 1024 });
      zip.addReadStream(entry, name, { compressionLevel: level, mtime });
    },
    async write(data) {
      if (!entry) throw new Error('No zip entry is open');
      if (!entry.write(data)) await once(entry, 'drain');
    },
    async close() {
      entry?.end();
      entry = undefined;
    },
    async finish() {
      zip.end();
    },
  };
}
