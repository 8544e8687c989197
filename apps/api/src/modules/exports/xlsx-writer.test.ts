import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Cell, DictionaryEntry } from './writers';
import { columnName, columnWidth, excelSerial, xlsxSink } from './xlsx-writer';

const entry = (key: string, label: string): DictionaryEntry => ({
  key,
  label,
  type: 'textfield',
  page: '',
  options: '',
});

/** Writes a workbook through the sink, as the export route does, and returns its bytes. */
async function workbookOf(columns: DictionaryEntry[], batches: Cell[][][], sheetName = 'April 2026') {
  const out = new PassThrough();
  const bytes = buffer(out);
  const sink = xlsxSink(out, sheetName);
  await sink.start(columns);
  for (const rows of batches) await sink.writeRows(rows);
  await sink.finish();
  return bytes;
}

async function read(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

const valuesOf = (sheet: ExcelJS.Worksheet, row: number, width: number) =>
  Array.from({ length: width }, (_, i) => sheet.getRow(row).getCell(i + 1).value ?? null);

describe('xlsx writer', () => {
  it('names columns as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('keeps what people type: markup, quotes, spaces, line breaks, accents and emoji, numbers and booleans', async () => {
    const awkward: Cell[] = [
      'Fish & chips <b>',
      '"quoted" and \'single\'',
      '  leading and trailing  ',
      'line one\nline two',
      'Zoë £5 ✓ 🙂',
      0,
      -12.75,
      1e21,
      true,
      false,
      null,
      '',
      'bell\u0007 dropped',
    ];
    const columns = awkward.map((_, i) => entry(`k${i}`, `Label ${i} & more`));
    const bytes = await workbookOf(columns, [[awkward]]);
    const workbook = await read(bytes);
    const sheet = workbook.worksheets[0]!;
    expect(valuesOf(sheet, 1, columns.length)).toEqual(columns.map((c) => c.label));
    expect(valuesOf(sheet, 2, awkward.length)).toEqual([
      ...awkward.slice(0, 10),
      null,
      // An empty text answer is an empty cell; a control character XML cannot carry is left out.
      null,
      'bell dropped',
    ]);
  });

  it('writes many rows and columns in batches, a sheet name Excel accepts, and the data dictionary', async () => {
    const columns = Array.from({ length: 60 }, (_, i) => entry(`q${i}`, `Question ${i}`));
    const batches = Array.from({ length: 3 }, (_, b) =>
      Array.from({ length: 400 }, (_, r) => columns.map((_, c) => (c % 2 ? `${b}-${r}-${c}` : b * 1000 + r))),
    );
    const bytes = await workbookOf(columns, batches, 'Q1: 2026/27 [draft] returns, every region');
    const workbook = await read(bytes);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Q1  2026 27  draft  returns, ev',
      'Data dictionary',
    ]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 1200);
    expect(valuesOf(sheet, 1 + 1200, 60)).toEqual(batches[2]![399]);
    expect(valuesOf(sheet, 402, 3)).toEqual([1000, '1-0-1', 1000]);
    const dictionary = workbook.worksheets[1]!;
    expect(valuesOf(dictionary, 1, 5)).toEqual(['Key', 'Label', 'Type', 'Page', 'Options']);
    expect(valuesOf(dictionary, 61, 5)).toEqual(['q59', 'Question 59', 'textfield', null, null]);
  });

  it("writes dates as Excel dates in the app's style, freezes and bolds the header, filters every row, sizes columns", async () => {
    const columns: DictionaryEntry[] = [
      entry('org', 'Organisation code'),
      { ...entry('submittedAt', 'Submitted at'), format: 'dateTime' },
      { ...entry('openedOn', 'Opened on'), format: 'date' },
      entry('notes', 'A long question whose label runs on well past what a column should show at once'),
    ];
    const rows: Cell[][] = [
      ['RJ1', '2026-12-04 09:30:15', '2026-12-04', 'typed 2026-12-04'],
      // Not a date: kept as text (a day not given, a day that does not exist, before March 1900).
      ['RGT', 'not yet', '00/12/2026', null],
      ['RDE', '2026-02-30 10:00:00', '1900-01-15', null],
    ];
    const workbook = await read(await workbookOf(columns, [rows]));
    const sheet = workbook.worksheets[0]!;
    expect(valuesOf(sheet, 2, 4)).toEqual([
      'RJ1',
      new Date('2026-12-04T09:30:15Z'),
      new Date('2026-12-04T00:00:00Z'),
      'typed 2026-12-04',
    ]);
    expect(valuesOf(sheet, 3, 3)).toEqual(['RGT', 'not yet', '00/12/2026']);
    expect(valuesOf(sheet, 4, 3)).toEqual(['RDE', '2026-02-30 10:00:00', '1900-01-15']);
    expect(sheet.getCell('B2').numFmt).toBe('d mmmm yyyy, hh:mm');
    expect(sheet.getCell('C2').numFmt).toBe('d mmmm yyyy');
    expect(sheet.getCell('A2').numFmt).toBeUndefined();
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.autoFilter).toBe('A1:D4');
    expect([1, 2, 3, 4].map((c) => sheet.getColumn(c).width)).toEqual([19, 22, 17, 60]);
    // The dictionary sheet opens the same way.
    const dictionary = workbook.worksheets[1]!;
    expect(dictionary.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(dictionary.autoFilter).toBe('A1:E5');
  });

  it('counts Excel serials from 30 December 1899, times as fractions of a day', () => {
    expect(excelSerial('1900-03-01')).toBe(61);
    expect(excelSerial('2026-12-04')).toBe(46360);
    expect(excelSerial('2026-12-04 18:00:00')).toBe(46360.75);
    expect(
      ['2026-13-01', '2026-12-04T10:00:00', '2026-12-04 24:00:00', '', '1899-12-31'].map(excelSerial),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(columnWidth({ label: 'Hi' })).toBe(10);
  });

  it('is a zip whose entries carry their true checksums (Excel refuses a file that fails them)', async () => {
    const bytes = await workbookOf([entry('a', 'A')], [[['x']]]);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    // The central directory's CRC-32 of each entry, compared with the CRC of what it holds.
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let at = bytes.readUInt32LE(end + 16);
    for (let i = 0; i < bytes.readUInt16LE(end + 10); i++) {
      const nameLength = bytes.readUInt16LE(at + 28);
      const name = bytes.subarray(at + 46, at + 46 + nameLength).toString();
      expect(bytes.readUInt32LE(at + 16), name).toBe(crc32(entries[name]!));
      expect(bytes.readUInt32LE(at + 24), name).toBe(entries[name]!.length);
      at += 46 + nameLength;
    }
  });
});
