import type { PrefillResult } from '@dcf/domain';
import type { FormDefinition } from '@dcf/forms';
import type ExcelJS from 'exceljs';
import { measureZip, NotAZipError } from '../../platform/zip-measure';
import { fromCell, plainCell, toCell } from './cells';
import {
  dataPathOf,
  type FillableField,
  readsBack,
  resolveName,
  rowsOf,
  setField,
  setIn,
  valueIn,
} from './form-fields';

export interface DefinedName {
  name: string;
  ranges: string[];
}

/** A grid defined by a single cell grows downwards, up to this many rows. */
const MAX_OPEN_ROWS = 1000;

/** Thrown when the bytes are not an .xlsx workbook. */
export class NotAWorkbookError extends Error {}

/**
 * Every path to exceljs comes through here: the zip is measured first (platform/zip-measure.ts), so a
 * file that would unpack past the limits is refused (ZipRefusedError) before exceljs inflates anything.
 */
export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  try {
    await measureZip(data);
  } catch (error) {
    throw error instanceof NotAZipError ? new NotAWorkbookError() : error;
  }
  // Loaded on first use: exceljs is a large module nothing needs at start (cold start, decision 0026).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new NotAWorkbookError();
  }
  return workbook;
}

/** The workbook's own defined names (Excel's built-in ones, such as print areas, left out). */
export function definedNamesOf(workbook: ExcelJS.Workbook): DefinedName[] {
  const model = workbook.definedNames.model as DefinedName[];
  return model.filter((d) => !d.name.startsWith('_xlnm.') && d.ranges.length > 0);
}

interface Area {
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
export function columnLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** "'Return data'!$A$5:$B$10" -> sheet and corners; null for anything else (named formulas, #REF!). */
export function parseRange(range: string): Area | null {
  const bang = range.lastIndexOf('!');
  if (bang < 0) return null;
  const sheet = range
    .slice(0, bang)
    .replace(/^'(.*)'$/, '$1')
    .replace(/''/g, "'");
  const corners = range
    .slice(bang + 1)
    .replace(/\$/g, '')
    .split(':')
    .map((a) => /^([A-Z]{1,3})(\d{1,7})$/.exec(a.toUpperCase()));
  const [first, last = first] = corners;
  if (!first || !last || corners.length > 2) return null;
  return {
    sheet,
    top: Number(first[2]),
    left: columnNumber(first[1] as string),
    bottom: Number(last[2]),
    right: columnNumber(last[1] as string),
  };
}

const cellName = (area: Area, row: number, column: number) => `${area.sheet}!${columnLetters(column)}${row}`;

function gridRowCount(area: Area) {
  return area.bottom > area.top ? area.bottom - area.top + 1 : MAX_OPEN_ROWS;
}

/**
 * Writes a submission's answers into a copy of the template at the cells its defined names point to
 * (the naming rule: form-fields.ts, decision 0023).
 */
export async function populateTemplate(
  template: Buffer,
  definition: Pick<FormDefinition, 'components'>,
  content: Record<string, unknown>,
): Promise<Buffer> {
  const workbook = await loadWorkbook(template);
  for (const defined of definedNamesOf(workbook)) {
    const field = resolveName(definition, defined.name);
    const area = parseRange(defined.ranges[0] as string);
    const sheet = area && workbook.getWorksheet(area.sheet);
    if (!field || !area || !sheet) continue;
    const rows = rowsOf(content, field);
    if (field.single) {
      const [column] = field.columns;
      const cell = column && toCell(column.component, valueIn(rows[0] ?? {}, column.path));
      if (cell !== undefined) sheet.getCell(area.top, area.left).value = cell;
      continue;
    }
    const width = area.right > area.left ? area.right - area.left + 1 : field.columns.length;
    rows.slice(0, gridRowCount(area)).forEach((row, r) => {
      field.columns.slice(0, width).forEach((column, c) => {
        const cell = toCell(column.component, valueIn(row, column.path));
        if (cell !== undefined) sheet.getCell(area.top + r, area.left + c).value = cell;
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Reads a filled template: every defined name that is a question of the form gives its answer, cell by
 * cell; what cannot be read is reported with the reason. Empty cells are neither taken nor refused.
 */
export async function readPrefill(
  data: Buffer,
  definition: Pick<FormDefinition, 'components'>,
): Promise<PrefillResult> {
  const workbook = await loadWorkbook(data);
  const result: PrefillResult = { values: {}, taken: [], refused: [] };
  for (const defined of definedNamesOf(workbook)) {
    const area = parseRange(defined.ranges[0] as string);
    const field = resolveName(definition, defined.name);
    if (!area) {
      result.refused.push({
        cell: defined.ranges[0] as string,
        reason: `${defined.name} does not name cells`,
      });
      continue;
    }
    const at = cellName(area, area.top, area.left);
    if (!field) {
      result.refused.push({ cell: at, reason: `No question is called ${defined.name}` });
      continue;
    }
    const sheet = workbook.getWorksheet(area.sheet);
    if (!sheet) {
      result.refused.push({ cell: at, key: dataPathOf(field), reason: 'The sheet is missing' });
      continue;
    }
    if (!readsBack(field)) {
      result.refused.push({
        cell: at,
        key: field.key,
        reason: `${defined.name} names the answers of every row, which cannot be read back: name one row's, like ${oneRowName(field)}`,
      });
      continue;
    }
    if (!field.single) readGrid(sheet, area, field, result);
    else {
      const raw = plainCell(sheet.getCell(area.top, area.left).value);
      if (raw === null || raw === '') continue;
      const read = fromCell(field.component, raw);
      const key = dataPathOf(field);
      if (read.ok) {
        result.taken.push({ cell: at, key, value: read.value });
        setField(result.values, field, read.value);
      } else result.refused.push({ cell: at, key, reason: read.reason });
    }
  }
  return result;
}

/** The name of the field for the first row of each grid above that takes every row (`days.1.hours`). */
function oneRowName(field: FillableField): string {
  const parts = field.steps.flatMap((s) =>
    s.row === undefined ? [s.key] : [s.key, String(s.row === 'every' ? 1 : s.row + 1)],
  );
  return [...parts, field.component.key].join('.');
}

function readGrid(sheet: ExcelJS.Worksheet, area: Area, field: FillableField, result: PrefillResult) {
  const { columns } = field;
  const rows: Record<string, unknown>[] = [];
  const gridPath = dataPathOf(field);
  for (let r = 0; r < gridRowCount(area); r++) {
    const raws = columns.map((_, c) => plainCell(sheet.getCell(area.top + r, area.left + c).value));
    if (raws.every((raw) => raw === null || raw === '')) break;
    const row: Record<string, unknown> = {};
    raws.forEach((raw, c) => {
      const column = columns[c] as (typeof columns)[number];
      if (raw === null || raw === '') return;
      const cell = cellName(area, area.top + r, area.left + c);
      const key = `${gridPath}[${r}].${column.path.join('.')}`;
      const read = fromCell(column.component, raw);
      if (read.ok) {
        setIn(row, column.path, read.value);
        result.taken.push({ cell, key, value: read.value });
      } else result.refused.push({ cell, key, reason: read.reason });
    });
    rows.push(row);
  }
  if (rows.some((row) => Object.keys(row).length > 0)) setField(result.values, field, rows);
}
