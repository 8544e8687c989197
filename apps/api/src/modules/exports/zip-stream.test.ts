import { PassThrough } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import ZipArchive from 'zip-stream';
import { engine } from '../../../test/engine';
import { type ZipOptions, zipStream } from './zip-stream';

/** Writes `files` through the zip stream, as the XLSX writer does, and returns the archive. */
async function archive(files: [name: string, content: string][], options: ZipOptions = {}) {
  const out = new PassThrough();
  const bytes = buffer(out);
  const zip = zipStream(out, options);
  for (const [name, content] of files) {
    await zip.open(name);
    if (content) await zip.write(Buffer.from(content));
    await zip.close();
  }
  await zip.finish();
  return bytes;
}

const openWithYauzl = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );

/** Every entry's record as yauzl reads it from the central directory (ZIP64 fields included). */
async function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** Every entry as yauzl reads it (from the central directory, ZIP64 included), inflated, CRC checked. */
async function readWithYauzl(bytes: Buffer) {
  const zip = await openWithYauzl(bytes);
  const entries: { name: string; content: string; zip64: boolean }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        text(stream).then((content) => {
          entries.push({
            name: entry.fileName,
            content,
            zip64: entry.extraFields.some((field) => field.id === 0x0001),
          });
          zip.readEntry();
        }, reject);
      });
    });
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  return { entryCount: zip.entryCount, entries };
}

const signatureAt = (bytes: Buffer, signature: number) =>
  bytes.indexOf(Buffer.from(signature.toString(16).padStart(8, '0'), 'hex').reverse());

const files: [string, string][] = [
  ['[Content_Types].xml', '<Types/>'],
  ['xl/worksheets/sheet1.xml', `<sheetData>${'<row r="1"><c><v>42</v></c></row>'.repeat(2000)}</sheetData>`],
  ['empty.xml', ''],
  ['xl/naïve £.xml', 'UTF-8 names'],
];

describe('zip stream', () => {
  it('writes a plain zip below the limits: no ZIP64 record or field, read back whole by two readers', async () => {
    const bytes = await archive(files);
    const read = await readWithYauzl(bytes);
    expect(read.entryCount).toBe(4);
    expect(read.entries.map(({ name, content }) => [name, content])).toEqual(files);
    expect(read.entries.every((e) => !e.zip64)).toBe(true);
    expect(signatureAt(bytes, 0x06064b50)).toBe(-1);
    expect(signatureAt(bytes, 0x07064b50)).toBe(-1);
    const unzipped = unzipSync(bytes);
    expect(new TextDecoder().decode(unzipped['xl/naïve £.xml'])).toBe('UTF-8 names');
  });

  it('ends the archive in ZIP64 form when asked, and yauzl and fflate read it through the ZIP64 records', async () => {
    const bytes = await archive(files, { forceZip64: true });
    const read = await readWithYauzl(bytes);
    expect(read.entryCount).toBe(4);
    expect(read.entries.map(({ name, content }) => [name, content])).toEqual(files);
    const unzipped = unzipSync(bytes);
    expect(Object.keys(unzipped)).toEqual(files.map(([name]) => name));
    // The ZIP64 end record, its locator pointing at it, then the plain end record saying -1.
    const record = signatureAt(bytes, 0x06064b50);
    const locator = signatureAt(bytes, 0x07064b50);
    expect(locator).toBe(record + 56);
    expect(Number(bytes.readBigUInt64LE(locator + 8))).toBe(record);
    expect(Number(bytes.readBigUInt64LE(record + 24))).toBe(4);
    const end = bytes.length - 22;
    expect(bytes.readUInt32LE(end)).toBe(0x06054b50);
    expect(bytes.readUInt16LE(end + 10)).toBe(0xffff);
    expect(bytes.readUInt32LE(end + 16)).toBe(0xffffffff);
  });

  // These two are not repeated on PostgreSQL: no database is involved, and each takes 20-50 s here.
  it.skipIf(engine === 'postgres')(
    'writes a sheet over 4 GiB: ZIP64 sizes in the central directory, the entry after it read back',
    async () => {
      // 4,200 MiB of sheet rows, deflated to a few megabytes: the archive is small, the entry is not.
      const rows = Buffer.alloc(1024 * 1024, '<row r="1"><c r="A1"><v>1</v></c></row>');
      const out = new PassThrough();
      const bytes = buffer(out);
      const zip = zipStream(out);
      await zip.open('xl/worksheets/sheet1.xml');
      for (let i = 0; i < 4_200; i++) await zip.write(rows);
      await zip.close();
      await zip.open('xl/worksheets/sheet2.xml');
      await zip.write(Buffer.from('<after/>'));
      await zip.close();
      await zip.finish();
      const archive = await bytes;
      expect(archive.length).toBeLessThan(100 * 1024 * 1024);
      const zipFile = await openWithYauzl(archive);
      const [sheet, after] = await entriesOf(zipFile);
      // Past 4 GiB: the 32-bit fields say -1 and yauzl took the size from the ZIP64 extra field.
      expect(sheet?.uncompressedSize).toBe(4_200 * 1024 * 1024);
      expect(sheet?.extraFields.map((field) => field.id)).toContain(0x0001);
      // The first central record, where the plain end record (below 4 GiB here) says the directory starts.
      const record = archive.readUInt32LE(archive.length - 22 + 16);
      expect(archive.readUInt32LE(record)).toBe(0x02014b50);
      expect(archive.readUInt32LE(record + 24)).toBe(0xffffffff);
      expect(after?.uncompressedSize).toBe(8);
      const content = await new Promise<string>((resolve, reject) =>
        zipFile.openReadStream(after!, (error, stream) =>
          error ? reject(error) : text(stream).then(resolve),
        ),
      );
      expect(content).toBe('<after/>');
    },
    300_000,
  );

  it.skipIf(engine === 'postgres')(
    'ends an archive of 70,000 entries (more than the plain end record counts) with the ZIP64 end record',
    async () => {
      // The library's own calls, stored and empty: a zlib stream per entry would take minutes here.
      const archive = new ZipArchive({ zlib: { level: 1 } });
      const bytes = buffer(archive);
      for (let i = 0; i < 70_000; i++)
        await new Promise<void>((resolve, reject) =>
          archive.entry(Buffer.alloc(0), { name: `e${i}`, store: true }, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
      archive.finish();
      const zip = await openWithYauzl(await bytes);
      expect(zip.entryCount).toBe(70_000);
      const names = (await entriesOf(zip)).map((entry) => entry.fileName);
      expect(names).toHaveLength(70_000);
      expect(names.at(-1)).toBe('e69999');
    },
    120_000,
  );
});
