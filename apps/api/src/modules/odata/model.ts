import type { FormComponent } from '@dcf/forms';
import { type ExportColumn, exportColumns, topGrids } from '../exports/columns';

/**
 * The OData entity model of one collection (decision 0040): the entity set `Returns` with the fixed
 * properties below and one property per question (the export's columns, exports/columns.ts, without
 * grids), and one entity set per grid not inside another grid, a row per grid row keyed to its return.
 */
export type EdmType =
  | 'Edm.String'
  | 'Edm.Int64'
  | 'Edm.Decimal'
  | 'Edm.Boolean'
  | 'Edm.Date'
  | 'Edm.DateTimeOffset';

/** A property of an entity type: its OData name, type and where its value comes from. */
export interface Property {
  name: string;
  type: EdmType;
  /** What a person reads (Core.Description). */
  label: string;
  /** A question's answer: its path in the return's content (or in a grid row). */
  column?: ExportColumn;
  /** A fixed property: its column in the feed's SQL (queries.ts). */
  fixed?: FixedKey;
}

export type FixedKey =
  | 'id'
  | 'periodId'
  | 'period'
  | 'periodStart'
  | 'periodEnd'
  | 'organisationId'
  | 'organisationCode'
  | 'organisationName'
  | 'status'
  | 'submittedBy'
  | 'submittedAt'
  | 'formVersion'
  | 'dataQuality';

/** The properties every return has, in the order the feed gives them. `Id` is the key. */
export const FIXED_PROPERTIES: Property[] = [
  { name: 'Id', type: 'Edm.String', label: 'Return (period and organisation)', fixed: 'id' },
  { name: 'ReportingPeriodId', type: 'Edm.Int64', label: 'Reporting period id', fixed: 'periodId' },
  { name: 'ReportingPeriod', type: 'Edm.String', label: 'Reporting period', fixed: 'period' },
  { name: 'PeriodStart', type: 'Edm.Date', label: 'Period start', fixed: 'periodStart' },
  { name: 'PeriodEnd', type: 'Edm.Date', label: 'Period end', fixed: 'periodEnd' },
  { name: 'OrganisationId', type: 'Edm.Int64', label: 'Organisation id', fixed: 'organisationId' },
  { name: 'OrganisationCode', type: 'Edm.String', label: 'Organisation code', fixed: 'organisationCode' },
  { name: 'OrganisationName', type: 'Edm.String', label: 'Organisation name', fixed: 'organisationName' },
  { name: 'Status', type: 'Edm.String', label: 'Status', fixed: 'status' },
  { name: 'SubmittedBy', type: 'Edm.String', label: 'Submitted by', fixed: 'submittedBy' },
  { name: 'SubmittedAt', type: 'Edm.DateTimeOffset', label: 'Submitted at', fixed: 'submittedAt' },
  { name: 'FormVersion', type: 'Edm.Int64', label: 'Form version', fixed: 'formVersion' },
  {
    name: 'DataQuality',
    type: 'Edm.String',
    label: 'Data quality warnings (rule: explanation)',
    fixed: 'dataQuality',
  },
];

/** A grid's entity set: its rows, each keyed to its return (`ReturnId`) and its place (`RowNumber`). */
export interface GridSet {
  name: string;
  label: string;
  /** The grid's data path in a return's content. */
  path: string[];
  properties: Property[];
}

export interface FeedModel {
  returns: Property[];
  grids: GridSet[];
}

/** The properties of a grid row before its answers. */
export const GRID_KEYS: Property[] = [
  { name: 'ReturnId', type: 'Edm.String', label: 'Return (period and organisation)' },
  { name: 'RowNumber', type: 'Edm.Int64', label: 'Row number (from 1)' },
];

/** An answer's EDM type from its component (the export's column knows the component's type). */
export function edmTypeOf(column: ExportColumn): EdmType {
  // A multi-value question's list is one text: its answers as a JSON array (decision 0040).
  if (column.multiValue) return 'Edm.String';
  switch (column.type) {
    case 'number':
    case 'currency':
      return column.integer ? 'Edm.Int64' : 'Edm.Decimal';
    case 'checkbox':
    case 'selectboxes':
      return 'Edm.Boolean';
    case 'day':
      return 'Edm.Date';
    case 'datetime':
      return 'Edm.DateTimeOffset';
    default:
      return 'Edm.String';
  }
}

/**
 * A SimpleIdentifier (CSDL: a letter or underscore, then letters, digits and underscores, at most 128)
 * from a data path, unique among `taken` (case-insensitively, as Power BI matches columns): `site_postcode`,
 * then `site_postcode_2` ...
 */
export function identifierOf(path: (string | number)[], taken: Set<string>): string {
  let base = path
    .map(String)
    .join('_')
    .replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  base = base.slice(0, 120);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
  taken.add(name.toLowerCase());
  return name;
}

function answerProperties(columns: ExportColumn[], taken: Set<string>): Property[] {
  return columns.map((column) => ({
    name: identifierOf(column.path, taken),
    type: edmTypeOf(column),
    label: column.multiValue ? `${column.label} (a list, as JSON text)` : column.label,
    column,
  }));
}

/**
 * The model of the given form versions (newest first, as the export reads them). A grid inside a grid
 * is not served (decision 0040: its rows would need a set keyed to a grid row; the exports have it).
 */
export function feedModel(forms: { components: FormComponent[] }[]): FeedModel {
  const setNames = new Set(['returns']);
  const found = topGrids(forms).map((grid) => ({
    grid,
    name: identifierOf(['Returns', ...grid.path], setNames),
  }));
  // A grid's set name is also the return's navigation property: no question may take it.
  const taken = new Set(
    [...FIXED_PROPERTIES.map((p) => p.name), ...found.map((g) => g.name)].map((n) => n.toLowerCase()),
  );
  const returns = [
    ...FIXED_PROPERTIES,
    ...answerProperties(
      exportColumns(forms, () => 0, { multiValueWhole: true }),
      taken,
    ),
  ];
  const grids = found.map(({ grid, name }) => {
    const inRow = new Set(GRID_KEYS.map((p) => p.name.toLowerCase()));
    const columns = exportColumns(grid.versions, () => 0, { multiValueWhole: true });
    return {
      name,
      label: grid.label,
      path: grid.path,
      properties: [...GRID_KEYS, ...answerProperties(columns, inRow)],
    };
  });
  return { returns, grids };
}
