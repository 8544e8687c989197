import { describe, expect, it } from 'vitest';
import { renderReturnPdf } from './render';
import { pdfTextRuns } from './testing/pdf-text';

describe('renderReturnPdf', () => {
  it('draws a long grid over several pages, repeating its header row on each', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Ward ${i + 1}`, String(i)]);
    const pdf = await renderReturnPdf({
      title: 'Beds',
      facts: [['Status', 'Draft']],
      items: [{ kind: 'table', key: 'wards', label: 'Wards', columns: ['Ward name', 'Beds open'], rows }],
    });
    const runs = pdfTextRuns(pdf);
    const pages = Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(runs.filter((r) => r === 'Ward name')).toHaveLength(pages);
    expect(runs).toContain('Ward 120');
  });
});
