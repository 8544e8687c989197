import { Zip, ZipDeflate } from 'fflate';

/**
 * A streaming XLSX (Office Open XML) writer for exports: the sheet XML is written here, row by row,
 * and zipped by fflate as it goes, so memory stays flat however many rows there are. Only what an
 * export needs: inline strings (no shared-strings table to hold), numbers, booleans, empty cells, no
 * styles beyond the one default. exceljs's streaming writer does the same job about three times
 * slower (an object per cell and row, decision 0019); its reader is what the tests check files with.
 */

export type XlsxCell = string | number | boolean | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Fastest deflate: the XML is very repetitive, so level 1 still shrinks it about ten times. */
const LEVEL = 1;

// Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline, carriage return).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(cell: XlsxCell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
}

/** One worksheet's XML, written a batch of rows at a time. */
class SheetWriter {
  private rowNumber = 0;
  private letters: string[] = [];
  constructor(private readonly file: ZipDeflate) {
    file.push(Buffer.from(`${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>`));
  }

  writeRows(rows: XlsxCell[][]): void {
    let xml = '';
    for (const cells of rows) {
      const r = ++this.rowNumber;
      while (this.letters.length < cells.length) this.letters.push(columnLetters(this.letters.length));
      xml += `<row r="${r}">`;
      for (let i = 0; i < cells.length; i++) xml += cellXml(cells[i] ?? null, `${this.letters[i]}${r}`);
      xml += '</row>';
    }
    this.file.push(Buffer.from(xml));
  }

  end(): void {
    this.file.push(Buffer.from('</sheetData></worksheet>'), true);
  }
}

/**
 * A workbook of sheets written one after another: `addSheet(name)` starts the next sheet (ending the
 * one before), `end()` writes the workbook's parts. `write` receives the zipped bytes in order.
 */
export class XlsxStreamWriter {
  private readonly zip: Zip;
  private readonly names: string[] = [];
  private current: SheetWriter | undefined;

  constructor(write: (chunk: Uint8Array, final: boolean) => void, onError: (error: Error) => void) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) onError(error);
      else write(chunk, final);
    });
  }

  addSheet(name: string): SheetWriter {
    this.current?.end();
    this.names.push(name);
    const file = new ZipDeflate(`xl/worksheets/sheet${this.names.length}.xml`, { level: LEVEL });
    this.zip.add(file);
    this.current = new SheetWriter(file);
    return this.current;
  }

  end(): void {
    this.current?.end();
    const sheets = this.names.map((_, i) => i + 1);
    this.addPart(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        sheets
          .map(
            (n) =>
              `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        `</Types>`,
    );
    this.addPart(
      '_rels/.rels',
      `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    this.addPart(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        this.names
          .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join('') +
        `</sheets></workbook>`,
    );
    this.addPart(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        sheets
          .map(
            (n) =>
              `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        `</Relationships>`,
    );
    // The one default style Excel expects to find.
    this.addPart(
      'xl/styles.xml',
      `<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
        `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
        `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
        `<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
        `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    );
    this.zip.end();
  }

  private addPart(path: string, xml: string): void {
    const file = new ZipDeflate(path, { level: LEVEL });
    this.zip.add(file);
    file.push(Buffer.from(XML_HEAD + xml), true);
  }
}
