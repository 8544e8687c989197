import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../../test/support/pdf-text';
import { renderReturnPdf } from './render';

/** A grid as the PDF model gives it; at the top level its path is its key. */
const table = (key: string, label: string, columns: string[], rows: string[][]) => ({
  kind: 'table' as const,
  key,
  path: key,
  label,
  columns,
  rows,
});

describe('renderReturnPdf', () => {
  it('draws a long grid over several pages, repeating its header row on each', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Ward ${i + 1}`, String(i)]);
    const pdf = await renderReturnPdf({
      title: 'Beds',
      facts: [['Status', 'Draft']],
      items: [table('wards', 'Wards', ['Ward name', 'Beds open'], rows)],
    });
    const runs = pdfTextRuns(pdf);
    const pages = Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(runs.filter((r) => r === 'Ward name')).toHaveLength(pages);
    expect(runs).toContain('Ward 120');
  });

  it('never breaks a word: columns sized to their words, or the grid row by row when the words cannot fit side by side', async () => {
    const long = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
    const email = 'a.very.long.address.for.the.ward.manager@gstt.nhs.uk';
    const narrow = table('n', 'Narrow', ['Condition', 'Count', 'Note'], [[long, '3', 'ok']]);
    const wide = table(
      'w',
      'Contacts',
      ['First contact', 'Second contact', 'Third contact'],
      [[email, email, email]],
    );
    const runs = pdfTextRuns(await renderReturnPdf({ title: 'Words', facts: [], items: [narrow, wide] }));
    // Each word is drawn whole, in one run.
    expect(runs).toContain(long);
    expect(runs.filter((r) => r === email)).toHaveLength(3);
    // The wide grid went row by row: its column names are question labels, answered underneath.
    expect(runs).toContain('Contacts 1');
  });
});
