import type { PassThrough } from 'node:stream';
import type { Cell, DictionaryEntry, RowSink } from './writers';
import { zipStream } from './zip-stream';

/**
 * A streaming XLSX (Office Open XML spreadsheet) writer of our own: the returns sheet's XML is built
 * as text, a batch of rows at a time, and zipped as it goes (zip-stream.ts), so the workbook is never
 * held whole and no object is made per cell. It replaced exceljs's streaming writer, which built a row
 * and a cell object per value and cost about four times the CPU per row (decision 0026). Strings are
 * inline (no shared-strings table to keep in memory), there are no styles beyond Excel's default, and
 * the second sheet, 'Data dictionary', gives each column's key, label, type, page and options.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SHEET_OPEN = `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>`;
const SHEET_CLOSE = '</sheetData></worksheet>';
const DICTIONARY_HEADINGS = ['Key', 'Label', 'Type', 'Page', 'Options'];

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

/** One `<row>` of cells; empty cells (null) are left out, so every cell carries its reference. */
function rowXml(rowNumber: number, cells: Cell[], refs: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined) continue;
    const ref = `${refs[i] ?? columnName(i)}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`;
    else if (typeof value === 'boolean') xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    else {
      const text = String(value);
      if (text === '') continue;
      const space = keepsSpace(text) ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}" t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
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
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        sheetNames
          .map(
            (name, i) =>
              `<sheet name="${xmlText(name).replace(/"/g, '&quot;')}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
          )
          .join('') +
        '</sheets></workbook>',
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
      // The least a styles part may hold: Excel's default font, fills, border and one cell format.
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}

export function xlsxSink(out: PassThrough, sheetName: string): RowSink {
  const zip = zipStream(out);
  let dictionary: DictionaryEntry[] = [];
  let refs: string[] = [];
  let rowNumber = 0;
  return {
    async start(columns) {
      dictionary = columns;
      refs = columns.map((_, i) => columnName(i));
      for (const [name, xml] of packageParts([safeSheetName(sheetName), 'Data dictionary'])) {
        await zip.open(name);
        await zip.write(Buffer.from(xml));
        await zip.close();
      }
      await zip.open('xl/worksheets/sheet1.xml');
      rowNumber = 1;
      await zip.write(
        Buffer.from(
          SHEET_OPEN +
            rowXml(
              rowNumber,
              columns.map((c) => c.label),
              refs,
            ),
        ),
      );
    },
    async writeRows(rows) {
      // Encoded row by row: a whole batch as one concatenated string cost twice the CPU to encode
      // (V8 flattens one large string built of many pieces).
      const encoded = rows.map((cells) => Buffer.from(rowXml(++rowNumber, cells, refs)));
      await zip.write(Buffer.concat(encoded));
    },
    async finish() {
      await zip.write(Buffer.from(SHEET_CLOSE));
      await zip.close();
      await zip.open('xl/worksheets/sheet2.xml');
      let xml = SHEET_OPEN + rowXml(1, DICTIONARY_HEADINGS, refs);
      dictionary.forEach((c, i) => {
        xml += rowXml(i + 2, [c.key, c.label, c.type, c.page || null, c.options || null], refs);
      });
      await zip.write(Buffer.from(xml + SHEET_CLOSE));
      await zip.close();
      await zip.finish();
    },
  };
}
