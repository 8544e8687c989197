import type { PrefillResult } from '@dcf/domain';
import type { FormDefinition } from '@dcf/forms';
import ExcelJS from 'exceljs';
import { fromCell, plainCell, toCell } from './cells';
import { type FillableField, fieldsByName, setValueAt, valueAt } from './form-fields';

export interface DefinedName {
  name: string;
  ranges: string[];
}

/** A grid defined by a single cell grows downwards, up to this many rows. */
const MAX_OPEN_ROWS = 1000;

/** Thrown when the bytes are not an .xlsx workbook. */
export class NotAWorkbookError extends Error {}

export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
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

/** Writes a submission's answers into a copy of the template at the cells its defined names point to. */
export async function populateTemplate(
  template: Buffer,
  definition: Pick<FormDefinition, 'components'>,
  content: Record<string, unknown>,
): Promise<Buffer> {
  const workbook = await loadWorkbook(template);
  const fields = fieldsByName(definition);
  for (const defined of definedNamesOf(workbook)) {
    const field = fields.get(defined.name.toLowerCase());
    const area = parseRange(defined.ranges[0] as string);
    const sheet = area && workbook.getWorksheet(area.sheet);
    if (!field || !area || !sheet) continue;
    const value = valueAt(content, field);
    if (!field.columns) {
      const cell = toCell(field.component, value);
      if (cell !== undefined) sheet.getCell(area.top, area.left).value = cell;
      continue;
    }
    const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
    const width = area.right > area.left ? area.right - area.left + 1 : field.columns.length;
    rows.slice(0, gridRowCount(area)).forEach((row, r) => {
      field.columns?.slice(0, width).forEach((column, c) => {
        const cell = toCell(column, row?.[column.key as string]);
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
  const fields = fieldsByName(definition);
  const result: PrefillResult = { values: {}, taken: [], refused: [] };
  for (const defined of definedNamesOf(workbook)) {
    const area = parseRange(defined.ranges[0] as string);
    const field = fields.get(defined.name.toLowerCase());
    if (!area) {
      result.refused.push({
        cell: defined.ranges[0] as string,
        reason: `${defined.name} does not name cells`,
      });
      continue;
    }
    if (!field) {
      result.refused.push({
        cell: cellName(area, area.top, area.left),
        reason: `No question is called ${defined.name}`,
      });
      continue;
    }
    const sheet = workbook.getWorksheet(area.sheet);
    if (!sheet) {
      result.refused.push({
        cell: cellName(area, area.top, area.left),
        key: field.key,
        reason: 'The sheet is missing',
      });
      continue;
    }
    if (field.columns) readGrid(sheet, area, field, result);
    else {
      const raw = plainCell(sheet.getCell(area.top, area.left).value);
      if (raw === null || raw === '') continue;
      const cell = cellName(area, area.top, area.left);
      const read = fromCell(field.component, raw);
      if (read.ok) {
        result.taken.push({ cell, key: field.key, value: read.value });
        setValueAt(result.values, field, read.value);
      } else result.refused.push({ cell, key: field.key, reason: read.reason });
    }
  }
  return result;
}

function readGrid(sheet: ExcelJS.Worksheet, area: Area, field: FillableField, result: PrefillResult) {
  const columns = field.columns ?? [];
  const rows: Record<string, unknown>[] = [];
  for (let r = 0; r < gridRowCount(area); r++) {
    const raws = columns.map((_, c) => plainCell(sheet.getCell(area.top + r, area.left + c).value));
    if (raws.every((raw) => raw === null || raw === '')) break;
    const row: Record<string, unknown> = {};
    raws.forEach((raw, c) => {
      const column = columns[c] as (typeof columns)[number];
      if (raw === null || raw === '') return;
      const cell = cellName(area, area.top + r, area.left + c);
      const key = `${field.key}[${r}].${column.key}`;
      const read = fromCell(column, raw);
      if (read.ok) {
        row[column.key as string] = read.value;
        result.taken.push({ cell, key, value: read.value });
      } else result.refused.push({ cell, key, reason: read.reason });
    });
    rows.push(row);
  }
  if (rows.some((row) => Object.keys(row).length > 0)) setValueAt(result.values, field, rows);
}
