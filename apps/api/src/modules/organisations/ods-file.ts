import { isIsoDate } from '@dcf/domain';
import { CsvError, parse } from 'csv-parse/sync';

/**
 * Reading an ODS register file: which layout it is (worked out from its content, never from its name),
 * each row mapped by the layout's documented column positions or by its header's names, and every row
 * checked. Pure: no database; `import.ts` resolves codes against the register and applies the rows.
 *
 * Headerless layouts are the Organisation Data Service's CSV downloads (27 columns; NHS England ODS,
 * "CSV downloads" technical specification): 0 code, 1 name, 2 national grouping (NHS England region),
 * 3 high level health geography (ICB), 4-8 address lines, 9 postcode, 10 open date, 11 close date
 * (yyyymmdd), 12 status code (epraccur), 13 organisation sub-type, 14 parent organisation code
 * (commissioner), 15-16 join / left parent dates, 17 telephone, 21 amended record indicator, 23
 * provider/purchaser (epraccur) or GOR code (etr), 25 prescribing setting (epraccur). Decision 0012.
 */

export type OdsStatus = 'active' | 'closed' | 'dormant' | 'proposed';

/** One row of a register file, mapped and checked. */
export interface OdsRecord {
  /** 1-based line in the file (of the row's first line when a quoted field spans lines). */
  line: number;
  code: string;
  name: string;
  /** NHS England region (national grouping) code as the file has it, e.g. Y56. */
  regionCode: string | null;
  /** Integrated care board (high level health geography) code, e.g. QMJ. */
  icbCode: string | null;
  /** The organisation this one belongs to (commissioner, or the trust of a site), by code. */
  parentCode: string | null;
  /** ODS role id (RO76) or a type's name as the file writes it; null when the file does not say. */
  type: string | null;
  /** Status in the register; null when the file does not say. */
  status: OdsStatus | null;
  openDate: string | null;
  closureDate: string | null;
  addressLines: string[];
  postcode: string | null;
}

export interface OdsRefusal {
  line: number;
  code: string;
  reason: string;
}

export interface OdsLayoutInfo {
  id: 'epraccur' | 'etr' | 'ets' | 'eccg' | 'headered';
  name: string;
}

/** Values a headered file may not have a column for; its records then say nothing about them. */
export type OptionalColumn = 'openDate' | 'closureDate' | 'postcode' | 'addressLines' | 'region' | 'icb';

export interface OdsFile {
  layout: OdsLayoutInfo;
  records: OdsRecord[];
  refused: OdsRefusal[];
  /** Columns the file does not have: its null values there mean "not said", not "none". */
  absent: OptionalColumn[];
}

/** The whole file cannot be read: not text, not CSV, or a layout this service does not know. */
export class OdsFileError extends Error {}

export const ODS_ROLES = {
  gpPractice: 'RO76',
  prescribingCostCentre: 'RO177',
  nhsTrust: 'RO197',
  nhsTrustSite: 'RO198',
  icb: 'RO261',
  subIcbLocation: 'RO98',
} as const;

const STATUS_CODES: Record<string, OdsStatus> = {
  A: 'active',
  ACTIVE: 'active',
  C: 'closed',
  CLOSED: 'closed',
  INACTIVE: 'closed',
  D: 'dormant',
  DORMANT: 'dormant',
  P: 'proposed',
  PROPOSED: 'proposed',
};

/** Prescribing setting 4 is a GP practice; every other setting is another kind of prescribing centre. */
const GP_PRACTICE_SETTING = 4;
const MAX_COLUMNS = 27;
const MAX_NAME = 250;

interface HeaderlessLayout extends OdsLayoutInfo {
  code: RegExp;
  /** How the code looks, for a refusal: "a letter and five digits, e.g. A81001". */
  codeHint: string;
  minColumns: number;
  /** Does this row look like this layout? Used to recognise the file. */
  fits(row: string[]): boolean;
  type(row: string[], code: string): string | null;
  parent(row: string[], code: string): string | null;
  hasStatus: boolean;
}

const HEADERLESS: HeaderlessLayout[] = [
  {
    id: 'epraccur',
    name: 'GP practices and other prescribing centres (ODS epraccur.csv, no header row)',
    code: /^[A-Z]\d{5}$/,
    codeHint: 'a letter and five digits, e.g. A81001',
    minColumns: 26,
    fits: (r) =>
      /^[A-Z]\d{5}$/.test(up(r[0])) && up(r[12]) in STATUS_CODES && /^\d{1,2}$/.test(r[25]?.trim() ?? ''),
    type: (r) =>
      Number(r[25]) === GP_PRACTICE_SETTING ? ODS_ROLES.gpPractice : ODS_ROLES.prescribingCostCentre,
    parent: (r) => blank(r[14]),
    hasStatus: true,
  },
  {
    id: 'etr',
    name: 'NHS trusts (ODS etr.csv, no header row)',
    code: /^[RT][A-Z0-9]{2}$/,
    codeHint: 'R or T and two letters or digits, e.g. RJ1',
    minColumns: 12,
    fits: (r) => /^[RT][A-Z0-9]{2}$/.test(up(r[0])) && r.length <= MAX_COLUMNS && !blank(r[12]),
    type: () => ODS_ROLES.nhsTrust,
    parent: () => null,
    hasStatus: false,
  },
  {
    id: 'ets',
    name: 'NHS trust sites (ODS ets.csv, no header row)',
    code: /^[RT][A-Z0-9]{4}$/,
    codeHint: "the trust's code and two letters or digits, e.g. RJ101",
    minColumns: 12,
    fits: (r) => /^[RT][A-Z0-9]{4}$/.test(up(r[0])) && r.length <= MAX_COLUMNS && !blank(r[12]),
    type: () => ODS_ROLES.nhsTrustSite,
    // A site's code is its trust's code and two characters.
    parent: (r, code) => blank(r[14]) ?? code.slice(0, 3),
    hasStatus: false,
  },
  {
    id: 'eccg',
    name: 'Integrated care boards and sub-ICB locations (ODS eccg.csv and its successors, no header row)',
    code: /^(Q[A-Z0-9]{2}|\d{2}[A-Z0-9])$/,
    codeHint:
      'Q and two letters or digits for a board (QE1), two digits and a letter or digit for a location (00C)',
    minColumns: 12,
    fits: (r) => /^(Q[A-Z0-9]{2}|\d{2}[A-Z0-9])$/.test(up(r[0])) && r.length <= MAX_COLUMNS && !blank(r[12]),
    type: (_r, code) => (code.startsWith('Q') ? ODS_ROLES.icb : ODS_ROLES.subIcbLocation),
    parent: (r) => blank(r[14]),
    hasStatus: false,
  },
];

type Field =
  | 'code'
  | 'name'
  | 'postcode'
  | 'status'
  | 'openDate'
  | 'closureDate'
  | 'region'
  | 'icb'
  | 'parent'
  | 'provider'
  | 'prescribingSetting'
  | 'type'
  | 'address'
  | 'known';

/** Header names (lower case, letters and digits only) and the field each means. */
const HEADER_NAMES: Record<string, Field> = {};
const names = (field: Field, ...list: string[]) => {
  for (const n of list) HEADER_NAMES[n] = field;
};
names(
  'code',
  'organisationcode',
  'orgcode',
  'odscode',
  'code',
  'practicecode',
  'odsorganisationcode',
  'orgid',
);
names('code', 'sitecode', 'trustcode', 'organisationodscode');
names('name', 'name', 'organisationname', 'orgname', 'practicename', 'sitename', 'trustname');
names('postcode', 'postcode', 'postalcode', 'practicepostcode');
names('status', 'status', 'statuscode', 'organisationstatus', 'recordstatus');
names('openDate', 'opendate', 'dateopened', 'operationalstartdate', 'startdate', 'legalstartdate');
names(
  'closureDate',
  'closedate',
  'closuredate',
  'dateclosed',
  'operationalenddate',
  'enddate',
  'legalenddate',
);
names('region', 'nationalgrouping', 'region', 'regioncode', 'nhseregion', 'nhseregioncode', 'commregioncode');
names('icb', 'highlevelhealthgeography', 'icb', 'icbcode', 'integratedcareboard', 'stp', 'stpcode');
names('parent', 'parentorganisationcode', 'parentcode', 'parent', 'commissioner', 'commissionercode');
names('parent', 'subicblocationcode', 'ccgcode');
names('provider', 'providerpurchaser', 'provider');
names('prescribingSetting', 'prescribingsetting');
names('type', 'organisationtype', 'type', 'primaryrole', 'primaryroleid', 'roleid', 'role');
names('address', 'addressline1', 'addressline2', 'addressline3', 'addressline4', 'addressline5');
names('address', 'address1', 'address2', 'address3', 'address4', 'address5', 'addrln1', 'addrln2', 'addrln3');
names('address', 'town', 'city', 'county');
names('known', 'contacttelephonenumber', 'telephone', 'telephonenumber', 'amendedrecordindicator', 'gorcode');
names('known', 'organisationsubtypecode', 'joinparentdate', 'leftparentdate', 'country');

const normaliseHeader = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
const up = (value: string | undefined) => (value ?? '').trim().toUpperCase();
const blank = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
};

export const EXPECTED_LAYOUTS = [
  ...HEADERLESS.map((l) => `${l.name}: codes like ${l.codeHint.replace(/^.*e\.g\. /, '')}`),
  "a CSV with a header row naming at least an 'Organisation Code' and a 'Name' column (also read: Postcode, " +
    'Status, Open Date, Close Date, Address Line 1-5, National Grouping, High Level Health Geography, Parent ' +
    'Organisation Code, Prescribing Setting, Organisation Type)',
];

export const layoutNotRecognised = () =>
  `The file's layout is not recognised. Expected one of: ${EXPECTED_LAYOUTS.join('; ')}.`;

/**
 * Text that is not a CSV file: NUL bytes, or more than 1% control characters or undecodable bytes in its
 * first 64 KB (a spreadsheet, an archive, an image).
 */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const sample = text.slice(0, 65_536);
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) odd++;
  }
  return odd > sample.length / 100;
}

/** Decodes an uploaded file: UTF-8 (a BOM is dropped later), or Windows-1252 when it is not valid UTF-8. */
export function decodeOdsFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(text: string): { row: string[]; line: number }[] {
  if (text.trim() === '') throw new OdsFileError('The file is empty.');
  if (looksBinary(text)) {
    throw new OdsFileError(
      'The file is not a CSV text file (it contains binary data such as NUL bytes). Save the register as CSV and try again.',
    );
  }
  try {
    const records = parse(text, {
      bom: true,
      recordDelimiter: ['\r\n', '\n', '\r'],
      relaxColumnCount: true,
      relaxQuotes: true,
      skipEmptyLines: true,
      skipRecordsWithEmptyValues: true,
      info: true,
      maxRecordSize: 100_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line a record ends on; a quoted field that spans lines moves its start back.
    return records.map(({ record, info }) => ({
      row: record,
      line: info.lines - record.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0),
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      throw new OdsFileError(`The file is not valid CSV: ${error.message.replace(/^Invalid [^:]*: /, '')}`);
    }
    throw error;
  }
}

/** A date as ODS writes it (yyyymmdd), or as a spreadsheet might (yyyy-mm-dd, dd/mm/yyyy). */
function parseDate(value: string | undefined): string | null | 'invalid' {
  const v = (value ?? '').trim();
  if (v === '') return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  const british = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  const iso = compact
    ? `${compact[1]}-${compact[2]}-${compact[3]}`
    : british
      ? `${british[3]}-${british[2]}-${british[1]}`
      : v;
  return isIsoDate(iso) ? iso : 'invalid';
}

const isControl = (c: number) => c < 32 || c === 127;
const hasControl = (value: string) => [...value].some((c) => isControl(c.charCodeAt(0)));

/** A value shown in a refusal: short, and never a wall of binary. */
const shown = (value: string) => {
  const v = [...value]
    .map((c) => (isControl(c.charCodeAt(0)) ? ' ' : c))
    .join('')
    .trim();
  return v.length > 20 ? `${v.slice(0, 20)}...` : v;
};

interface RowValues {
  code: string;
  name: string;
  region?: string | undefined;
  icb?: string | undefined;
  parent?: string | null | undefined;
  type?: string | null | undefined;
  status?: string | undefined;
  openDate?: string | undefined;
  closureDate?: string | undefined;
  addressLines: string[];
  postcode?: string | undefined;
  prescribingSetting?: string | undefined;
}

/**
 * Checks one row's values; answers the record or why it is refused. `codePattern` and `codeHint` are the
 * layout's; a headered file takes any ODS-looking code (3 to 10 letters and digits).
 */
function checkRow(
  line: number,
  v: RowValues,
  codePattern: RegExp,
  codeHint: string,
  typeOf: (code: string, prescribingSetting: number | null) => string | null,
): OdsRecord | OdsRefusal {
  const code = up(v.code);
  const refuse = (reason: string): OdsRefusal => ({ line, code: shown(code), reason });
  if (code === '') return refuse('The code is missing');
  if (!codePattern.test(code)) return refuse(`The code '${shown(code)}' is not ${codeHint}`);
  const name = v.name.trim().replace(/\s+/g, ' ');
  if (name === '') return refuse('The name is missing');
  if (name.length > MAX_NAME) return refuse(`The name is longer than ${MAX_NAME} characters`);
  if (hasControl(name)) return refuse('The name contains control characters');
  const openDate = parseDate(v.openDate);
  if (openDate === 'invalid')
    return refuse(`The open date '${shown(v.openDate ?? '')}' is not a date (yyyymmdd)`);
  const closureDate = parseDate(v.closureDate);
  if (closureDate === 'invalid')
    return refuse(`The close date '${shown(v.closureDate ?? '')}' is not a date (yyyymmdd)`);
  if (openDate && closureDate && closureDate < openDate)
    return refuse('The close date is before the open date');
  let status: OdsStatus | null = null;
  if (v.status !== undefined && v.status.trim() !== '') {
    const known = STATUS_CODES[up(v.status)];
    if (!known)
      return refuse(
        `The status '${shown(v.status)}' is not A, C, D or P (active, closed, dormant, proposed)`,
      );
    status = known;
  }
  let setting: number | null = null;
  if (v.prescribingSetting !== undefined && v.prescribingSetting.trim() !== '') {
    if (!/^\d{1,2}$/.test(v.prescribingSetting.trim()))
      return refuse(`The prescribing setting '${shown(v.prescribingSetting)}' is not a number from 0 to 99`);
    setting = Number(v.prescribingSetting);
  }
  const postcode = blank(v.postcode)?.toUpperCase().replace(/\s+/g, ' ') ?? null;
  // Telephone numbers and status letters in the postcode column were the old importer's mistake.
  if (postcode && !(/^[A-Z0-9 ]{2,8}$/.test(postcode) && /[A-Z]/.test(postcode) && /\d/.test(postcode)))
    return refuse(`The postcode '${shown(postcode)}' is not a postcode`);
  const region = up(v.region) || null;
  const icb = up(v.icb) || null;
  const parent = up(v.parent ?? '') || null;
  return {
    line,
    code,
    name,
    regionCode: region && /^[A-Z0-9]{3}$/.test(region) ? region : null,
    icbCode: icb && /^[A-Z0-9]{3}$/.test(icb) ? icb : null,
    parentCode: parent && parent !== code && /^[A-Z0-9]{3,10}$/.test(parent) ? parent : null,
    type: blank(v.type ?? undefined) ?? typeOf(code, setting),
    status,
    openDate,
    closureDate,
    addressLines: v.addressLines.map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l !== ''),
    postcode,
  };
}

const isRefusal = (r: OdsRecord | OdsRefusal): r is OdsRefusal => 'reason' in r;

/** Which columns of a header row mean what; null when the row is not a header this service can read. */
function headerMap(row: string[]): Map<Field, number[]> | null {
  const map = new Map<Field, number[]>();
  row.forEach((cell, index) => {
    const field = HEADER_NAMES[normaliseHeader(cell)];
    if (field) map.set(field, [...(map.get(field) ?? []), index]);
  });
  return map.has('code') && map.has('name') ? map : null;
}

function readHeadered(rows: { row: string[]; line: number }[], header: Map<Field, number[]>): OdsFile {
  const width = rows[0]!.row.length;
  const first = (f: Field) => header.get(f)?.[0];
  const at = (row: string[], f: Field) => {
    const i = first(f);
    return i === undefined ? undefined : (row[i] ?? '');
  };
  const headerRow = rows[0]!.row;
  const read = headerRow.filter((cell) => {
    const field = HEADER_NAMES[normaliseHeader(cell)];
    return field !== undefined && field !== 'known';
  });
  const records: OdsRecord[] = [];
  const refused: OdsRefusal[] = [];
  for (const { row, line } of rows.slice(1)) {
    if (row.length !== width) {
      refused.push({
        line,
        code: shown(up(row[first('code')!])),
        reason: `The line has ${row.length} columns; the header row has ${width}`,
      });
      continue;
    }
    const result = checkRow(
      line,
      {
        code: row[first('code')!] ?? '',
        name: row[first('name')!] ?? '',
        region: at(row, 'region'),
        icb: at(row, 'icb'),
        parent: at(row, 'parent') ?? at(row, 'provider'),
        type: at(row, 'type'),
        status: at(row, 'status'),
        openDate: at(row, 'openDate'),
        closureDate: at(row, 'closureDate'),
        addressLines: (header.get('address') ?? []).map((i) => row[i] ?? ''),
        postcode: at(row, 'postcode'),
        prescribingSetting: at(row, 'prescribingSetting'),
      },
      /^[A-Z0-9]{3,10}$/,
      'an ODS code (3 to 10 letters and digits)',
      (_code, setting) =>
        setting === null
          ? null
          : setting === GP_PRACTICE_SETTING
            ? ODS_ROLES.gpPractice
            : ODS_ROLES.prescribingCostCentre,
    );
    if (isRefusal(result)) refused.push(result);
    else records.push(result);
  }
  const columns: [OptionalColumn, Field][] = [
    ['openDate', 'openDate'],
    ['closureDate', 'closureDate'],
    ['postcode', 'postcode'],
    ['addressLines', 'address'],
    ['region', 'region'],
    ['icb', 'icb'],
  ];
  return {
    layout: {
      id: 'headered',
      name: `CSV with a header row (columns read: ${read.map((c) => c.trim()).join(', ')})`,
    },
    records,
    refused,
    absent: columns.filter(([, field]) => !header.has(field)).map(([column]) => column),
  };
}

function readHeaderless(rows: { row: string[]; line: number }[], layout: HeaderlessLayout): OdsFile {
  const records: OdsRecord[] = [];
  const refused: OdsRefusal[] = [];
  for (const { row, line } of rows) {
    const code = up(row[0]);
    if (row.length > MAX_COLUMNS || row.length < layout.minColumns) {
      refused.push({
        line,
        code: shown(code),
        reason: `The line has ${row.length} columns; the ${layout.id} layout has ${
          layout.minColumns === MAX_COLUMNS ? MAX_COLUMNS : `${layout.minColumns} to ${MAX_COLUMNS}`
        }`,
      });
      continue;
    }
    if (!layout.code.test(code) && headerMap(row)) {
      refused.push({ line, code: shown(code), reason: 'A header row, in a layout that has none: skipped' });
      continue;
    }
    const result = checkRow(
      line,
      {
        code: row[0] ?? '',
        name: row[1] ?? '',
        region: row[2],
        icb: row[3],
        parent: layout.parent(row, code),
        type: null,
        status: layout.hasStatus ? (row[12] ?? '') : undefined,
        openDate: row[10],
        closureDate: row[11],
        addressLines: row.slice(4, 9),
        postcode: row[9],
        prescribingSetting: layout.id === 'epraccur' ? row[25] : undefined,
      },
      layout.code,
      layout.codeHint,
      () => layout.type(row, code),
    );
    if (isRefusal(result)) refused.push(result);
    else records.push(result);
  }
  return { layout: { id: layout.id, name: layout.name }, records, refused, absent: [] };
}

/**
 * Reads a register file: works out its layout from the content, maps and checks every row. Throws
 * OdsFileError (with what was expected) when the file is not CSV text or its layout is not one of these.
 * Rows that fail a check are refused with their line and reason; a code seen twice is refused the second
 * time.
 */
export function readOdsFile(text: string): OdsFile {
  const rows = readCsv(text);
  if (rows.length === 0) throw new OdsFileError('The file is empty.');
  const header = headerMap(rows[0]!.row);
  let file: OdsFile | undefined;
  if (header && !HEADERLESS.some((l) => l.fits(rows[0]!.row))) {
    if (rows.length === 1) throw new OdsFileError('The file has a header row and no organisations.');
    file = readHeadered(rows, header);
  } else {
    // The layout most rows fit, if at least half of them do.
    let best: { layout: HeaderlessLayout; count: number } | undefined;
    for (const layout of HEADERLESS) {
      const count = rows.filter(({ row }) => layout.fits(row)).length;
      if (count > 0 && (!best || count > best.count)) best = { layout, count };
    }
    if (!best || best.count * 2 < rows.length) throw new OdsFileError(layoutNotRecognised());
    file = readHeaderless(rows, best.layout);
  }
  const seen = new Map<string, number>();
  const records: OdsRecord[] = [];
  for (const record of file.records) {
    const first = seen.get(record.code);
    if (first !== undefined) {
      file.refused.push({
        line: record.line,
        code: record.code,
        reason: `The same code is on line ${first}`,
      });
      continue;
    }
    seen.set(record.code, record.line);
    records.push(record);
  }
  file.refused.sort((a, b) => a.line - b.line);
  return { ...file, records };
}
