/**
 * ODS codes from pasted text or an uploaded CSV / text file (decision 0021), upper-cased, in first-seen
 * order, without repeats.
 *
 * - A file of several columns (commas, tabs or semicolons on most lines) gives one code per line: the
 *   column whose header says "code" (e.g. "ODS code", "Organisation code"), else the first column. A
 *   first line naming a column is a header, not a code.
 * - Anything else (one code per line, or codes separated by commas or spaces) gives every token.
 */
export function parseOdsCodes(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return [];
  const cells = (line: string) =>
    line.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"|"$/g, '').trim());
  const multiColumn =
    lines.length > 1 && lines.filter((line) => cells(line).length > 1).length >= lines.length / 2;
  let tokens: string[];
  if (multiColumn) {
    const header = cells(lines[0]!);
    const codeColumn = header.findIndex((cell) => /code/i.test(cell));
    const hasHeader = codeColumn >= 0 || header.some((cell) => /\s/.test(cell) || /^[a-z]+$/.test(cell));
    tokens = lines.slice(hasHeader ? 1 : 0).map((line) => cells(line)[Math.max(codeColumn, 0)] ?? '');
  } else {
    tokens = lines.flatMap((line) => line.split(/[\s,;]+/)).map((token) => token.replace(/^"|"$/g, ''));
    // A one-column file with a header ("ODS code", "code") starts with words, not a code.
    if (tokens.length > 1 && /code/i.test(lines[0]!))
      tokens = lines.slice(1).flatMap((l) => l.split(/[\s,;]+/));
  }
  return [...new Set(tokens.map((token) => token.trim().toUpperCase()).filter((token) => token !== ''))];
}
