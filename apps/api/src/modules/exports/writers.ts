import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { csvLine } from '../../platform/csv';

export type Cell = string | number | boolean | null;

/** One column of an export, as the CSV's two header rows and the XLSX's 'Data dictionary' sheet say. */
export interface DictionaryEntry {
  /** Stable for machines: the answer's data path (`staff[0].grade`) or a fixed column's name. */
  key: string;
  /** What a person reads: the question's label. */
  label: string;
  type: string;
  page: string;
  options: string;
  /**
   * The column holds dates (`yyyy-MM-dd`) or dates and times (`yyyy-MM-dd HH:mm:ss`, London): the XLSX
   * writes them as Excel dates; the CSV as that text.
   */
  format?: 'date' | 'dateTime';
}

/** Where export rows go: a CSV or XLSX (xlsx-writer.ts) encoder writing into the response stream. */
export interface RowSink {
  /** Writes the headings (and whatever describes the columns) before any row. */
  start(columns: DictionaryEntry[]): Promise<void>;
  /** Writes a batch of rows, then waits while the client is behind. */
  writeRows(rows: Cell[][]): Promise<void>;
  finish(): Promise<void>;
}

/** Waits while the client is slower than the database, so rows never pile up in memory. */
async function drained(out: PassThrough): Promise<void> {
  if (out.destroyed) throw new Error('The download was cancelled');
  if (out.writableNeedDrain) await once(out, 'drain');
}

export function csvSink(out: PassThrough): RowSink {
  // A byte-order mark, so Excel reads the UTF-8 correctly (names with accents, '£').
  out.write('\uFEFF');
  // Every field through the one CSV-injection rule (platform/csv.ts).
  const line = csvLine;
  return {
    // Labels for people first, then the keys (data paths) for anyone who reads the file by program.
    async start(columns) {
      out.write(line(columns.map((c) => c.label)) + line(columns.map((c) => c.key)));
      await drained(out);
    },
    async writeRows(rows) {
      out.write(rows.map(line).join(''));
      await drained(out);
    },
    async finish() {
      out.end();
    },
  };
}
