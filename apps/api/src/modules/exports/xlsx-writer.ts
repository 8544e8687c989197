import type { PassThrough } from 'node:stream';
import type { Cell, DictionaryEntry, RowSink } from './writers';
import { type ZipStream, zipStream } from './zip-stream';

/**
 * A streaming XLSX (Office Open XML spreadsheet) writer of our own: the returns sheet's XML is built
 * as text, a batch of rows at a time, and zipped as it goes (zip-stream.ts), so the workbook is never
 * held whole and no object is made per cell. It replaced exceljs's streaming writer, which built a row
 * and a cell object per value and cost about four times the CPU per row (decision 0026). Strings are
 * inline (no shared-strings table to keep in memory), and the second sheet, 'Data dictionary', gives
 * each column's key, label, type, page and options.
 *
 * Each sheet opens as a person expects a download to (decision 0037): the header row in bold and frozen,
 * an autofilter over the header and every row, columns as wide as their heading asks, and dates as real
 * Excel dates (a serial number with a date format: sortable, filterable by month), shown as the app shows
 * them ("4 December 2026", with the time where there is one). A column is a date column when its
 * dictionary entry says so (`format`); its text `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (London time, as
 * the CSV writes it) becomes the serial, anything else in it stays text.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const DICTIONARY_HEADINGS = ['Key', 'Label', 'Type', 'Page', 'Options'];
const DICTIONARY_WIDTHS = [30, 50, 20, 24, 60];

/** The cell formats of styles.xml (`cellXfs`, by index): what a cell's `s` attribute names. */
const STYLE = { default: 0, date: 1, dateTime: 2, header: 3 } as const;
type CellStyle = (typeof STYLE)[keyof typeof STYLE];

/** Days from Excel's epoch (1899-12-30, the 1900 system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * The Excel serial of `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (a wall-clock time: Excel has no zones), or
 * undefined for anything else, a day that does not exist, or a date before 1 March 1900 (where Excel's
 * 1900 leap-year bug shifts every serial).
 */
export function excelSerial(text: string): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const ms = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(se));
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || Number(h) > 23 || Number(mi) > 59)
    return undefined;
  if (year < 1900 || (year === 1900 && month < 3)) return undefined;
  return ms / DAY_MS + EXCEL_EPOCH_DAYS;
}

/** A column's width in characters: its heading's length within bounds, wider for dates and times. */
export function columnWidth(entry: Pick<DictionaryEntry, 'label' | 'format'>): number {
  const least = entry.format === 'dateTime' ? 22 : entry.format === 'date' ? 17 : 10;
  return Math.min(Math.max(entry.label.length + 2, least), 60);
}

function sheetOpen(widths: readonly number[]): string {
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    // The header row frozen: it stays in sight while the rows scroll under it.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>`
  );
}

/** Closes a sheet of `columns` columns and `rows` rows (the header included), with its autofilter. */
function sheetClose(columns: number, rows: number): string {
  return `</sheetData><autoFilter ref="${filterRange(columns, rows)}"/></worksheet>`;
}

const filterRange = (columns: number, rows: number) => `A1:${columnName(Math.max(columns, 1) - 1)}${rows}`;

/** Characters XML text cannot hold as they are: markup, and control characters XML 1.0 forbids. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is the point
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const ESCAPE_ALL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  // Control characters cannot be written at all in XML 1.0 (not even as &#n;): they are dropped.
  return text.replace(ESCAPE_ALL, (c) => ESCAPES[c] ?? '');
}

/** A, B, ... Z, AA, AB ...: the column part of a cell reference. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel trims leading and trailing spaces and may fold line breaks unless told to keep them. */
function keepsSpace(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first <= 32 || last <= 32 || text.includes('\n');
}

/**
 * One `<row>` of cells; empty cells (null) are left out, so every cell carries its reference. `styles`
 * gives each column's style: a date column's date text is written as its Excel serial; `header` styles
 * every cell of the row (the bold headings).
 */
function rowXml(
  rowNumber: number,
  cells: Cell[],
  refs: string[],
  styles?: readonly CellStyle[],
  header = false,
): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined) continue;
    const ref = `${refs[i] ?? columnName(i)}${rowNumber}`;
    const style = header ? ` s="${STYLE.header}"` : '';
    if (typeof value === 'number' && Number.isFinite(value))
      xml += `<c r="${ref}"${style}><v>${value}</v></c>`;
    else if (typeof value === 'boolean') xml += `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
    else {
      const text = String(value);
      if (text === '') continue;
      const dateStyle = styles?.[i] ?? STYLE.default;
      const serial = dateStyle === STYLE.default ? undefined : excelSerial(text);
      if (serial !== undefined) {
        xml += `<c r="${ref}" s="${dateStyle}"><v>${serial}</v></c>`;
        continue;
      }
      const space = keepsSpace(text) ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

/** Excel refuses sheet names over 31 characters or with any of \ / ? * [ ] :. */
function safeSheetName(name: string): string {
  return (
    name
      .slice(0, 31)
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim() || 'Returns'
  );
}

/** Excel's name for a sheet in a formula: quoted, a quote doubled. */
const quotedSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

/**
 * The workbook part, written last: each sheet's autofilter range is also a hidden defined name
 * (`_xlnm._FilterDatabase`), as Excel writes it, and the ranges are known once the rows are.
 */
function workbookXml(sheets: readonly { name: string; columns: number; rows: number }[]): string {
  const attribute = (name: string) => xmlText(name).replace(/"/g, '&quot;');
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
    sheets
      .map((sheet, i) => `<sheet name="${attribute(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('') +
    '</sheets><definedNames>' +
    sheets
      .map((sheet, i) => {
        const [from, to] = filterRange(sheet.columns, sheet.rows).split(':') as [string, string];
        const absolute = (ref: string) => ref.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2');
        return `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(quotedSheet(sheet.name))}!${absolute(from)}:${absolute(to)}</definedName>`;
      })
      .join('') +
    '</definedNames></workbook>'
  );
}

function packageParts(sheetNames: string[]): [string, string][] {
  const sheets = sheetNames.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            (n) =>
              `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
        sheets
          .map(
            (n) => `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      // Excel's default font and a bold one, the fills and border every styles part needs, and the
      // cell formats STYLE names: default, date, date and time (the app's "4 December 2026"), header.
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
        '<numFmts count="2"><numFmt numFmtId="164" formatCode="d mmmm yyyy"/>' +
        '<numFmt numFmtId="165" formatCode="d mmmm yyyy, hh:mm"/></numFmts>' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}

/** `zip`: the archive the parts go into (zip-stream.ts by default; the ZIP benchmark passes others). */
export function xlsxSink(out: PassThrough, sheetName: string, zip: ZipStream = zipStream(out)): RowSink {
  const names = [safeSheetName(sheetName), 'Data dictionary'];
  let dictionary: DictionaryEntry[] = [];
  let refs: string[] = [];
  let styles: CellStyle[] = [];
  let rowNumber = 0;
  return {
    async start(columns) {
      dictionary = columns;
      refs = columns.map((_, i) => columnName(i));
      styles = columns.map((c) =>
        c.format === 'date' ? STYLE.date : c.format === 'dateTime' ? STYLE.dateTime : STYLE.default,
      );
      for (const [name, xml] of packageParts(names)) {
        await zip.open(name);
        await zip.write(Buffer.from(xml));
        await zip.close();
      }
      await zip.open('xl/worksheets/sheet1.xml');
      rowNumber = 1;
      const headings = rowXml(
        rowNumber,
        columns.map((c) => c.label),
        refs,
        undefined,
        true,
      );
      await zip.write(Buffer.from(sheetOpen(columns.map(columnWidth)) + headings));
    },
    async writeRows(rows) {
      // Encoded row by row: a whole batch as one concatenated string cost twice the CPU to encode
      // (V8 flattens one large string built of many pieces).
      const encoded = rows.map((cells) => Buffer.from(rowXml(++rowNumber, cells, refs, styles)));
      await zip.write(Buffer.concat(encoded));
    },
    async finish() {
      await zip.write(Buffer.from(sheetClose(dictionary.length, rowNumber)));
      await zip.close();
      await zip.open('xl/worksheets/sheet2.xml');
      let xml = sheetOpen(DICTIONARY_WIDTHS) + rowXml(1, DICTIONARY_HEADINGS, refs, undefined, true);
      dictionary.forEach((c, i) => {
        xml += rowXml(i + 2, [c.key, c.label, c.type, c.page || null, c.options || null], refs);
      });
      await zip.write(Buffer.from(xml + sheetClose(DICTIONARY_HEADINGS.length, dictionary.length + 1)));
      await zip.close();
      await zip.open('xl/workbook.xml');
      await zip.write(
        Buffer.from(
          workbookXml([
            { name: names[0] as string, columns: dictionary.length, rows: rowNumber },
            { name: names[1] as string, columns: DICTIONARY_HEADINGS.length, rows: dictionary.length + 1 },
          ]),
        ),
      );
      await zip.close();
      await zip.finish();
    },
  };
}
