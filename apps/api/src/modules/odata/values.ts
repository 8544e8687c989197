import { findingsCell } from '../data-quality/print';
import { valueAt } from '../exports/columns';
import { dayAnswer } from '../exports/service';
import { isRealDate } from './filter';
import type { EdmType, FixedKey, Property } from './model';
import type { ReturnRow } from './queries';

/**
 * An entity's property values as the feed sends them (JSON, odata.metadata=minimal), each of its
 * declared type or null: the same conversion the SQL of queries.ts makes for $filter and $orderby,
 * so a row the filter kept shows the value it was kept for. An answer that is not of its question's
 * type (a number question answered with text by an older form version) is null here; the exports keep
 * it as it is.
 */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,12})?)?(Z|[+-](\d{2}):\d{2})$/;

export function instantValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = INSTANT.exec(value);
  if (!m || !isRealDate(m[1] as string)) return null;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59 || Number(m[6] ?? 0) >= 15)
    return null;
  const at = new Date(value.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function answerValue(type: EdmType, value: unknown, dayFirst: boolean): unknown {
  switch (type) {
    case 'Edm.Decimal':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'Edm.Int64':
      return typeof value === 'number' && Number.isInteger(value) ? value : null;
    case 'Edm.Boolean':
      return typeof value === 'boolean' ? value : null;
    case 'Edm.Date': {
      if (typeof value !== 'string') return null;
      const iso = dayAnswer(value, dayFirst);
      return typeof iso === 'string' && isRealDate(iso) ? iso : null;
    }
    case 'Edm.DateTimeOffset':
      return instantValue(value);
    case 'Edm.String':
      if (value === undefined || value === null) return null;
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

function fixedValue(key: FixedKey, row: ReturnRow): unknown {
  switch (key) {
    case 'id':
      return `${row.periodId}-${row.organisationId}`;
    case 'submittedAt':
      return row.submittedAt ? new Date(row.submittedAt).toISOString() : null;
    case 'dataQuality':
      return findingsCell(row.dataQuality);
    default:
      // Every other fixed property is the row's column of the same name, as it is.
      return row[key];
  }
}

/** One entity of a set: the selected properties of a row, in the model's order. */
export function entityOf(row: ReturnRow, properties: Property[]): Record<string, unknown> {
  const content: unknown = row.content === null ? null : JSON.parse(row.content);
  const entity: Record<string, unknown> = {};
  for (const p of properties) {
    if (p.fixed) entity[p.name] = fixedValue(p.fixed, row);
    else if (p.name === 'ReturnId') entity[p.name] = `${row.periodId}-${row.organisationId}`;
    else if (p.name === 'RowNumber') entity[p.name] = row.rowNumber ?? null;
    else if (p.column)
      entity[p.name] = answerValue(p.type, valueAt(content, p.column.path), p.column.dayFirst === true);
  }
  return entity;
}
