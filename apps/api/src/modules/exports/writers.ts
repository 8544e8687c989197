import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type Cell = string | number | boolean | null;

/** Where export rows go: a CSV or XLSX encoder writing into the response stream. */
export interface RowSink {
  /** Writes a batch of rows, then waits while the client is behind. */
  writeRows(rows: Cell[][]): Promise<void>;
  finish(): Promise<void>;
}

/** Waits while the client is slower than the database, so rows never pile up in memory. */
async function drained(out: PassThrough): Promise<void> {
  if (out.destroyed) throw new Error('The download was cancelled');
  if (out.writableNeedDrain) await once(out, 'drain');
}

/**
 * RFC 4180 text. A text answer starting with = + - @ (or a tab / carriage return) is prefixed with an
 * apostrophe so a spreadsheet never runs it as a formula (CSV injection); numbers are left alone.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvSink(out: PassThrough): RowSink {
  // A byte-order mark, so Excel reads the UTF-8 correctly (names with accents, '£').
  out.write('\uFEFF');
  return {
    async writeRows(rows) {
      out.write(rows.map((cells) => `${cells.map(csvField).join(',')}\r\n`).join(''));
      await drained(out);
    },
    async finish() {
      out.end();
    },
  };
}

/**
 * exceljs's streaming writer: each committed row is zipped into the stream and forgotten, so the
 * workbook is never held whole (no shared strings, no styles: both would be kept in memory).
 */
export function xlsxSink(out: PassThrough, sheetName: string): RowSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  return {
    async writeRows(rows) {
      for (const cells of rows) sheet.addRow(cells.map((c) => (c === null ? undefined : c))).commit();
      await drained(out);
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
