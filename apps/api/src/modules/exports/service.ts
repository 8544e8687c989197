import { PassThrough } from 'node:stream';
import {
  interpolate,
  messages,
  type PeriodSubmissionStatus,
  periodSubmissionStatusLabels,
} from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { DATA_QUALITY_COLUMN, findingsCell } from '../data-quality/print';
import { cellValue, type ExportColumn, exportColumns, gridPatterns, valueAt } from './columns';
import { londonTimestamp } from './london-time';
import {
  countExportRows,
  type ExportPeriod,
  type ExportRow,
  findCollectionName,
  findExportBatch,
  findExportForms,
  findExportOrganisationIds,
  findExportPeriods,
  maxGridRows,
} from './queries';
import { type Snapshot, startInSnapshot } from './snapshot';
import { type Cell, csvSink, type DictionaryEntry, type RowSink } from './writers';
import { xlsxSink } from './xlsx-writer';

export type ExportFormat = 'csv' | 'xlsx';

/** Rows fetched per query: small enough to keep memory flat, large enough to keep queries few. */
const BATCH = 500;

/** The columns every export starts with: what a person reads, and a stable key for machines. */
export const FIXED_COLUMNS: DictionaryEntry[] = [
  { key: 'organisationCode', label: 'Organisation code', type: 'text', page: '', options: '' },
  { key: 'organisationName', label: 'Organisation name', type: 'text', page: '', options: '' },
  { key: 'reportingPeriod', label: 'Reporting period', type: 'text', page: '', options: '' },
  {
    key: 'status',
    label: 'Status',
    type: 'text',
    page: '',
    options: Object.values(periodSubmissionStatusLabels).join('; '),
  },
  { key: 'submittedBy', label: 'Submitted by', type: 'text', page: '', options: '' },
  {
    key: 'submittedAt',
    label: 'Submitted at',
    type: 'date and time (London, yyyy-MM-dd HH:mm:ss)',
    page: '',
    options: '',
    format: 'dateTime',
  },
  { key: 'formVersion', label: 'Form version', type: 'number', page: '', options: '' },
];

/** Answer types whose values are instants: shown as London wall-clock time, like Submitted at. */
const INSTANT_TYPES = new Set(['datetime']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Form.io's `day` answer: `MM/DD/YYYY` (or `DD/MM/YYYY` with dayFirst), a part not given as zeros. */
const DAY_ANSWER = /^(\d{2})\/(\d{2})\/(\d{4})$/;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface PreparedExport {
  filename: string;
  contentType: string;
  /** Rows the export will have (for the browser's progress). */
  rows: number;
  stream: PassThrough;
}

function filenameOf(parts: string[], format: ExportFormat): string {
  const slug = parts
    .join(' ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'export'}.${format}`;
}

/** A date-time answer (ISO text with its offset) as London time; anything else as it is. */
function londonAnswer(value: Cell): Cell {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : londonTimestamp(at);
}

/**
 * A `day` answer as `yyyy-MM-dd` when it names a whole day (one date style in every export, and a real
 * date in the XLSX); one with a part not given (`00`) stays as Form.io keeps it.
 */
export function dayAnswer(value: Cell, dayFirst: boolean): Cell {
  if (typeof value !== 'string') return value;
  const match = DAY_ANSWER.exec(value);
  if (!match) return value;
  const [first, second, year] = [match[1] as string, match[2] as string, match[3] as string];
  const [day, month] = dayFirst ? [first, second] : [second, first];
  if (day === '00' || month === '00' || year === '0000') return value;
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return at.getUTCMonth() === Number(month) - 1 && at.getUTCDate() === Number(day)
    ? `${year}-${month}-${day}`
    : value;
}

function statusWords(status: string): string {
  return periodSubmissionStatusLabels[status as PeriodSubmissionStatus] ?? status;
}

function rowCells(period: ExportPeriod, row: ExportRow, columns: ExportColumn[]): Cell[] {
  const content: unknown = row.content === null ? null : JSON.parse(row.content);
  return [
    row.organisationCode,
    row.organisationName,
    period.name,
    statusWords(row.status),
    row.submittedBy,
    row.submittedAt ? londonTimestamp(row.submittedAt) : null,
    row.formVersion,
    ...columns.map((c) => {
      if (c === DATA_QUALITY_COLUMN) return findingsCell(row.dataQuality);
      if (!content) return null;
      const value = cellValue(valueAt(content, c.path));
      if (INSTANT_TYPES.has(c.type)) return londonAnswer(value);
      return c.type === 'day' ? dayAnswer(value, c.dayFirst === true) : value;
    }),
  ];
}

/** The dictionary of an export's columns: the fixed ones, then one entry per answer column. */
export function exportDictionary(columns: ExportColumn[]): DictionaryEntry[] {
  return [
    ...FIXED_COLUMNS,
    ...columns.map((c) => ({
      key: c.header,
      label: c.label,
      type: c.type,
      page: c.page,
      options: c.options,
      ...(INSTANT_TYPES.has(c.type)
        ? { format: 'dateTime' as const }
        : c.type === 'day'
          ? { format: 'date' as const }
          : {}),
    })),
  ];
}

async function pump(
  snapshot: Snapshot,
  sink: RowSink,
  periods: ExportPeriod[],
  columns: ExportColumn[],
  now: Date,
) {
  try {
    await readInto(snapshot.db, sink, periods, columns, now);
  } finally {
    await snapshot.end();
  }
  await sink.finish();
}

async function readInto(db: Db, sink: RowSink, periods: ExportPeriod[], columns: ExportColumn[], now: Date) {
  await sink.start(exportDictionary(columns));
  for (const period of periods) {
    const organisationIds = await findExportOrganisationIds(db, period);
    const read = (from: number) =>
      findExportBatch(db, period, now, organisationIds.slice(from, from + BATCH));
    // The next batch is asked for before this one is written, so the database works while we do.
    let next = organisationIds.length > 0 ? read(0) : undefined;
    for (let i = 0; next; i += BATCH) {
      const batch = await next;
      next = i + BATCH < organisationIds.length ? read(i + BATCH) : undefined;
      next?.catch(() => {}); // awaited on the next turn; a failed write must not leave it unhandled
      await sink.writeRows(batch.map((row) => rowCells(period, row, columns)));
    }
  }
}

/**
 * A period's returns (or every period's, for a whole collection) as CSV or XLSX: one row per
 * organisation and period, one column per answer (see columns.ts), the official (last completed)
 * revision's answers. The columns are worked out first (a few small queries); the rows are then
 * streamed into the response in batches read by primary key (the order is fixed first, as ids),
 * all of it in one snapshot of the database (snapshot.ts).
 */
export async function prepareExport(
  db: Db,
  principal: Principal,
  request: ExportRequest,
  requestId: string,
): Promise<PreparedExport> {
  return startInSnapshot(db, (snapshot) => prepareInSnapshot(snapshot, principal, request, requestId));
}

export interface ExportRequest {
  collectionId: number;
  periodId?: number;
  format: ExportFormat;
}

/** An Excel sheet's size (Excel's specifications and limits): the row count includes the headings. */
export const EXCEL_MAX_COLUMNS = 16_384;
export const EXCEL_MAX_ROWS = 1_048_576;

/**
 * An XLSX export that Excel could not open whole is refused before a byte is sent, saying why and
 * offering CSV (which has no such limit): Excel drops what lies beyond with only a warning.
 */
export function refuseWhatExcelCannotHold(columns: number, rows: number): void {
  if (columns > EXCEL_MAX_COLUMNS)
    throw conflict(
      'too_large_for_excel',
      interpolate(messages.exportTooWideForExcel, { columns: count(columns) }),
    );
  if (rows + 1 > EXCEL_MAX_ROWS)
    throw conflict('too_large_for_excel', interpolate(messages.exportTooLongForExcel, { rows: count(rows) }));
}

const count = (n: number) => n.toLocaleString('en-GB');

/** Everything before the first row, read in the export's snapshot; the rows follow in `pump`. */
async function prepareInSnapshot(
  snapshot: Snapshot,
  principal: Principal,
  request: ExportRequest,
  requestId: string,
): Promise<PreparedExport> {
  const db = snapshot.db;
  const collectionName = await findCollectionName(db, request.collectionId);
  if (collectionName === undefined) throw notFound();
  const periods = await findExportPeriods(db, request.collectionId, request.periodId);
  if (request.periodId !== undefined && periods.length === 0) throw notFound();
  const periodIds = periods.map((p) => p.id);

  const forms = await findExportForms(db, periodIds);
  const gridRows = new Map<string, number>();
  for (const pattern of gridPatterns(forms))
    gridRows.set(JSON.stringify(pattern), await maxGridRows(db, periodIds, pattern));
  const columns = exportColumns(forms, (pattern) => gridRows.get(JSON.stringify(pattern)) ?? 0);
  // Warnings and their explanations, last, where any exported version has data quality rules (0028).
  if (forms.some((form) => form.hasDataQualityRules)) columns.push(DATA_QUALITY_COLUMN);
  let rows = 0;
  for (const period of periods) rows += await countExportRows(db, period);
  if (request.format === 'xlsx') refuseWhatExcelCannotHold(FIXED_COLUMNS.length + columns.length, rows);

  await writeAudit(db, {
    userId: principal.userId,
    action: 'export.download',
    entityType: request.periodId === undefined ? 'collection' : 'reportingPeriod',
    entityId: request.periodId ?? request.collectionId,
    collectionId: request.collectionId,
    after: { format: request.format, rows, columns: columns.length },
    requestId,
  });

  const stream = new PassThrough();
  const sink =
    request.format === 'csv'
      ? csvSink(stream)
      : xlsxSink(stream, periods.length === 1 ? periods[0]!.name : 'Returns');
  pump(snapshot, sink, periods, columns, new Date()).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  const periodName = request.periodId === undefined ? 'all periods' : (periods[0]?.name ?? '');
  return {
    filename: filenameOf([collectionName, periodName], request.format),
    contentType: CONTENT_TYPES[request.format],
    rows,
    stream,
  };
}
