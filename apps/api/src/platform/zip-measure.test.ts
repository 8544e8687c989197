import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deflatedPart,
  headersDisagree,
  honestBomb,
  lyingBomb,
  manyParts,
  writeZip,
  zerosDeflated,
} from '../../test/support/zip-bombs';
import {
  extractZipParts,
  measureZip,
  NotAZipError,
  SPREADSHEET_ZIP_LIMITS,
  ZipRefusedError,
} from './zip-measure';

let workbook: Buffer;
beforeAll(async () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Return').getCell('A1').value = 'Monthly workforce return';
  workbook = Buffer.from(await wb.xlsx.writeBuffer());
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof ZipRefusedError ? error.reason : `other: ${String(error)}`),
  );

describe('measureZip', () => {
  it('measures a real workbook and lets it through', async () => {
    const measure = await measureZip(workbook);
    expect(measure.entries.map((e) => e.name)).toContain('xl/workbook.xml');
    expect(measure.totalUncompressed).toBeGreaterThan(workbook.length);
  });

  it('the generated bomb is what it says: ~1 MB inflating to 1 GB (checked on 8 MB of it)', () => {
    const eight = zerosDeflated(8);
    expect(eight.stored.length).toBeLessThan(16 * 1024);
    const inflated = unzipSync(writeZip([{ name: 'z', method: 8, ...eight, uncompressedSize: eight.size }]));
    expect(inflated.z?.length).toBe(8 * 1024 * 1024);
    expect(honestBomb(workbook).length).toBeLessThan(2 * 1024 * 1024);
  });

  it.each([
    [
      'a part declared as 1 GB from the central directory, inflating nothing',
      honestBomb,
      'The part xl/worksheets/sheet9.xml of the file would be 1024 MB once opened; a part may be at most 50 MB.',
    ],
    [
      'a part that inflates past the size the directory gives it, after ~1 KB, not 1 GB',
      lyingBomb,
      'The part xl/worksheets/sheet9.xml of the file opens to a different size than it states: the file is damaged or made to mislead.',
    ],
  ])('refuses %s', async (_, bomb, message) => {
    const before = process.memoryUsage().rss;
    expect(await refusal(measureZip(bomb(workbook)))).toBe(message);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a total over the limit and a ratio no spreadsheet has', async () => {
    const thirty = zerosDeflated(30);
    const part = (name: string) => ({ name, method: 8 as const, ...thirty, uncompressedSize: thirty.size });
    const fourParts = writeZip([part('a'), part('b'), part('c'), part('d')]);
    expect(await refusal(measureZip(fourParts, { ...SPREADSHEET_ZIP_LIMITS, maxRatio: 10_000 }))).toBe(
      'The file would be more than 100 MB once opened (the limit).',
    );
    expect(await refusal(measureZip(writeZip([part('a')])))).toBe(
      'The part a of the file is compressed more than 100 times, which a spreadsheet never is.',
    );
  });

  it('refuses too many parts before reading them', async () => {
    expect(await refusal(measureZip(manyParts(workbook)))).toMatch(
      /^The file has 500\d\d parts; a file may have at most 2000\.$/,
    );
  });

  it('refuses a local header that disagrees with the central directory', async () => {
    expect(await refusal(measureZip(headersDisagree(workbook)))).toBe(
      'The part xl/worksheets/sheet9.xml of the file states two different sizes: the file is damaged or made to mislead.',
    );
  });

  it('refuses a part declared empty that inflates (the stream check covers every part)', async () => {
    const one = zerosDeflated(1);
    const zip = writeZip([{ name: 'empty.xml', method: 8, ...one, uncompressedSize: 0 }]);
    expect(await refusal(measureZip(zip))).toMatch(/opens to a different size than it states/);
  });

  it('says what is not a zip at all', async () => {
    await expect(measureZip(Buffer.from('name,code\nA,B\n'))).rejects.toBeInstanceOf(NotAZipError);
    await expect(measureZip(Buffer.alloc(0))).rejects.toBeInstanceOf(NotAZipError);
  });

  it('extracts the parts asked for, once measured', async () => {
    const zip = writeZip([deflatedPart('etr.csv', 'RJ1,Trust\n'), deflatedPart('readme.txt', 'x')]);
    const parts = await extractZipParts(zip, (name) => name.endsWith('.csv'));
    expect(parts.map((p) => [p.name, p.data.toString()])).toEqual([['etr.csv', 'RJ1,Trust\n']]);
  });
});
