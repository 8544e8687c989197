import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/** One row of an ODS extract file (the headerless "etr" layout): the columns this service uses. */
export interface OdsCsvRow {
  /** 1-based line in the file, for error reports. */
  line: number;
  code: string;
  name: string;
  nationalGrouping: string;
  healthGeography: string;
  addressLines: string[];
  postcode: string;
  openDate: string | null;
  closeDate: string | null;
}

const isoDate = (yyyymmdd: string | undefined) =>
  yyyymmdd && /^\d{8}$/.test(yyyymmdd)
    ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`
    : null;

/**
 * Parses the headerless ODS CSV layout (code, name, grouping, geography, address 1-5, postcode,
 * open yyyyMMdd, close yyyyMMdd, ...). Every non-empty row is returned; validation is the importer's.
 */
export function parseOdsCsv(text: string): OdsCsvRow[] {
  const records = parse(text, {
    relaxColumnCount: true,
    skipEmptyLines: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records.map(({ record: r, info }) => ({
    line: info.lines,
    code: r[0] ?? '',
    name: r[1] ?? '',
    nationalGrouping: r[2] ?? '',
    healthGeography: r[3] ?? '',
    addressLines: r.slice(4, 9).filter((l) => l !== ''),
    postcode: r[9] ?? '',
    openDate: isoDate(r[10]),
    closeDate: isoDate(r[11]),
  }));
}

export function readOdsCsv(file: string): OdsCsvRow[] {
  return parseOdsCsv(readFileSync(file, 'utf8')).filter((r) => r.code.length >= 3 && r.name.length >= 3);
}
