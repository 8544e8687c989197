import type { FormDefinition } from '@dcf/forms';
import ExcelJS from 'exceljs';
import { toCell } from '../../src/modules/excel/cells';
import { type FillableField, fillableFields, type Step, valueIn } from '../../src/modules/excel/form-fields';

/** A cell Populate must fill: where, the answer's data path, and the value it must hold. */
export interface ExpectedCell {
  sheet: string;
  row: number;
  column: number;
  path: string;
  value: ExcelJS.CellValue;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The objects holding a field's answer in some answers, each with its data path (`days[1]`). */
function holders(content: Record<string, unknown>, steps: Step[]) {
  let found: { data: Record<string, unknown>; path: string }[] = [{ data: content, path: '' }];
  const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);
  for (const step of steps)
    found = found.flatMap(({ data, path }) => {
      const value = data[step.key];
      if (step.row === undefined) return isObject(value) ? [{ data: value, path: join(path, step.key) }] : [];
      if (!Array.isArray(value)) return [];
      const rows = value.map((row, i) => ({
        data: isObject(row) ? row : {},
        path: `${join(path, step.key)}[${i}]`,
      }));
      return step.row === 'every' ? rows : rows.slice(step.row, step.row + 1);
    });
  return found;
}

/**
 * For tests: the template a manager would make for a form, naming every question outside grids and every
 * grid (a grid inside a grid for every row, `days.hours`) by the naming rule (decision 0023), and the
 * cells Populate must fill for the given answers. Questions go down sheet 'Return'; each grid gets a
 * sheet of its own, named by a single cell that grows downwards.
 */
export async function templateForForm(
  definition: Pick<FormDefinition, 'components'>,
  content: Record<string, unknown>,
): Promise<{ bytes: Buffer; expected: ExpectedCell[] }> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Return');
  const expected: ExpectedCell[] = [];
  const fields = fillableFields(definition);
  const grid = (field: FillableField, sheet: string) => {
    let row = 1;
    for (const holder of holders(content, field.steps)) {
      const key = String(field.component.key);
      const rows = holder.data[key];
      if (!Array.isArray(rows)) continue;
      rows.forEach((data, i) => {
        field.columns.forEach((column, c) => {
          const value = toCell(column.component, valueIn(isObject(data) ? data : {}, column.path));
          if (value !== undefined && value !== '')
            expected.push({
              sheet,
              row: row + i,
              column: c + 1,
              path: `${holder.path ? `${holder.path}.` : ''}${key}[${i}].${column.path.join('.')}`,
              value,
            });
        });
      });
      row += rows.length;
    }
  };
  fields.forEach((field, i) => {
    if (field.single) {
      workbook.definedNames.add(`Return!$A$${i + 1}`, field.key);
      const [holder] = holders(content, field.steps);
      const [column] = field.columns;
      const value =
        holder && column ? toCell(column.component, valueIn(holder.data, column.path)) : undefined;
      if (holder && value !== undefined && value !== '')
        expected.push({
          sheet: 'Return',
          row: i + 1,
          column: 1,
          path: `${holder.path ? `${holder.path}.` : ''}${String(field.component.key)}`,
          value,
        });
      return;
    }
    const sheet = `Grid ${i + 1}`;
    workbook.addWorksheet(sheet);
    workbook.definedNames.add(`'${sheet}'!$A$1`, field.key);
    grid(field, sheet);
  });
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), expected };
}
