import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdfkit with its standard fonts, one entry per text run, for tests:
 * inflates every content stream and decodes the hex strings of its TJ arrays (WinAnsi, which for
 * the characters tests use is Latin-1). Not a general PDF parser.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}

/** All of a PDF's text as one string, runs joined by new lines. */
export const pdfText = (pdf: Buffer) => pdfTextRuns(pdf).join('\n');
