import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from './csv';

/**
 * The cells a spreadsheet makes of CSV text when it splits on `separator`: a quote opens a quoted cell
 * only at the start of a cell; outside quotes a line break starts a new row (a new first cell).
 */
function cellsOf(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator || ch === '\n' || ch === '\r') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Spreadsheets skip leading spaces and line-break characters before a formula character. */
const runsAsFormula = (cell: string) => /^\s*[=+\-@]/.test(cell);

describe('csvField: the one CSV-injection rule', () => {
  it('defuses a formula at the start, after leading separators, spaces or quotes, and after ; tab or a line break', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(';=1+1')).toBe(`"';'=1+1"`);
    expect(csvField(',=1+1')).toBe(`"',=1+1"`);
    expect(csvField('\t=1+1')).toBe(`"'\t'=1+1"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('ok;=1')).toBe(`"ok;'=1"`);
    expect(csvField('line\n+1')).toBe(`"line\n'+1"`);
    expect(csvField('Ward 7, east')).toBe('"Ward 7, east"');
    expect(csvField('e-mail')).toBe('e-mail');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('whatever the texts, no cell runs as a formula whether the line is split on commas, semicolons or tabs', () => {
    const hostile = fc.stringMatching(/^[=+\-@\t\r\n;," ' a1()]{0,12}$/);
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (texts) => {
        const line = texts.map(csvField).join(',');
        for (const separator of [',', ';', '\t'])
          for (const cell of cellsOf(line, separator))
            if (runsAsFormula(cell))
              throw new Error(
                `${JSON.stringify(line)} split on ${JSON.stringify(separator)}: ${JSON.stringify(cell)}`,
              );
      }),
      { numRuns: 3000 },
    );
  });

  it('read with commas, as written, each text comes back as one cell', () => {
    const any = fc.stringMatching(/^[a-z ,;"'\t=+\-@]{0,12}$/);
    fc.assert(
      fc.property(fc.array(any, { minLength: 1, maxLength: 4 }), (texts) => {
        const cells = cellsOf(texts.map(csvField).join(','), ',');
        expect(cells).toHaveLength(texts.length);
        // Only apostrophes were added.
        expect(cells.map((cell) => cell.replace(/'/g, ''))).toEqual(
          texts.map((text) => text.replace(/'/g, '')),
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the one CSV rule', () => {
  /** Every production source file of the apps and packages (tests and bundles left out). */
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sources(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });
  }

  it('is written once: no other file escapes formula characters or builds CSV lines itself', () => {
    const root = path.resolve(__dirname, '../../../..');
    const files = ['apps/api/src', 'apps/web/src', 'packages/domain/src', 'packages/forms/src'].flatMap(
      (dir) => sources(path.join(root, dir)),
    );
    // The formula characters as a character class, or a line ended the way RFC 4180 CSV ends one.
    const escapesCsv = /\[[^\]]*=\+\\?-@[^\]]*\]|join\(','\)[^\n]*\\r\\n/;
    const found = files.filter((file) => escapesCsv.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => path.relative(root, file))).toEqual(['apps/api/src/platform/csv.ts']);
  });
});
