import { type AnswerItem, notAnswered } from '@dcf/forms';

export interface PrintedReturn {
  title: string;
  /** Label and value pairs under the title: organisation, period, status, who and when. */
  facts: [string, string][];
  items: AnswerItem[];
}

const MARGIN = 50;
const NHS_BLUE = '#005eb8';
const TEXT = '#212b32';
const GREY = '#4c6272';

/**
 * Lays a return out on A4 pages with the PDF standard fonts (nothing to load): the title, the facts, then
 * every question in bold with its answer beneath; pages and panels as headings; grids as ruled tables
 * sized to their content that repeat their header row on a new page, or row by row when their words
 * cannot sit side by side unbroken.
 */
export async function renderReturnPdf(printed: PrintedReturn): Promise<Buffer> {
  // Loaded on first use: pdfkit and its fonts are large and nothing needs them at start (decision 0026).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: printed.title, Creator: 'Data Collection Framework' },
    lang: 'en-GB',
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor(NHS_BLUE).text(printed.title, { width });
  doc.moveDown(0.5);
  for (const [label, value] of printed.facts) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(`${label}: `, { continued: true, width });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(1);

  const field = (label: string, answer: string, answered: boolean) => {
    ensureRoom(40);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(label, MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .fillColor(answered ? TEXT : GREY)
      .text(answer, { width });
    doc.moveDown(0.5);
  };
  for (const item of printed.items) {
    switch (item.kind) {
      case 'page':
        ensureRoom(60);
        doc
          .moveDown(0.5)
          .font('Helvetica-Bold')
          .fontSize(14)
          .fillColor(NHS_BLUE)
          .text(item.title, MARGIN, doc.y, { width });
        doc.moveDown(0.3);
        break;
      case 'heading':
        ensureRoom(50);
        doc
          .moveDown(0.3)
          .font('Helvetica-Bold')
          .fontSize(item.depth <= 1 ? 12 : 11)
          .fillColor(TEXT)
          .text(item.title, MARGIN, doc.y, { width });
        doc.moveDown(0.2);
        break;
      case 'field':
        // A multi-value question's answers one to a line (decision 0035).
        field(item.label, item.items ? item.items.join('\n') : item.answer, item.answered);
        break;
      case 'table': {
        const widths = columnWidths(doc, item, width);
        if (widths) drawTable(doc, item, widths, bottom);
        // Too many long words to fit side by side without breaking one: print row by row.
        else
          item.rows.forEach((row, i) => {
            ensureRoom(50);
            doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor(TEXT);
            doc.text(`${item.label} ${i + 1}`, MARGIN, doc.y, { width });
            doc.moveDown(0.2);
            row.forEach((answer, j) => {
              field(item.columns[j] ?? '', answer || notAnswered, answer !== '' && answer !== notAnswered);
            });
          });
        break;
      }
    }
  }
  doc.end();
  return done;
}

const PADDING = 4;
const CELL_FONT = 9;

/**
 * Column widths that never break a word: each column at least as wide as its longest word (header in
 * bold, cells in regular), the rest of the width shared in proportion to how much text each column
 * holds. Null when the longest words alone do not fit side by side.
 */
function columnWidths(
  doc: PDFKit.PDFDocument,
  table: Extract<AnswerItem, { kind: 'table' }>,
  width: number,
): number[] | null {
  const longestWord = (cell: string, bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(CELL_FONT);
    return Math.max(0, ...cell.split(/\s+/).map((word) => doc.widthOfString(word)));
  };
  const columns = table.columns.map((header, i) => {
    const cells = table.rows.map((row) => row[i] ?? '');
    const minimum =
      Math.max(longestWord(header, true), ...cells.map((cell) => longestWord(cell, false))) + PADDING * 2 + 1;
    doc.font('Helvetica').fontSize(CELL_FONT);
    const total =
      Math.max(doc.widthOfString(header), ...cells.map((cell) => doc.widthOfString(cell))) + PADDING * 2;
    return { minimum, total };
  });
  const needed = columns.reduce((sum, c) => sum + c.minimum, 0);
  if (needed > width) return null;
  const spare = width - needed;
  const wants = columns.map((c) => Math.max(0, c.total - c.minimum));
  const wanted = wants.reduce((sum, w) => sum + w, 0);
  return columns.map((c, i) =>
    wanted === 0 ? c.minimum + spare / columns.length : c.minimum + (spare * (wants[i] ?? 0)) / wanted,
  );
}

function drawTable(
  doc: PDFKit.PDFDocument,
  table: Extract<AnswerItem, { kind: 'table' }>,
  widths: number[],
  bottom: () => number,
) {
  const width = widths.reduce((sum, w) => sum + w, 0);
  const heightOf = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(CELL_FONT);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - PADDING * 2 })),
        10,
      ) +
      PADDING * 2
    );
  };
  const drawRow = (cells: string[], bold: boolean) => {
    const height = heightOf(cells, bold);
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const columnWidth = widths[i] ?? 0;
      doc.lineWidth(0.5).strokeColor('#aeb7bd').rect(x, top, columnWidth, height).stroke();
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(CELL_FONT)
        .fillColor(TEXT)
        .text(cell, x + PADDING, top + PADDING, { width: columnWidth - PADDING * 2 });
      x += columnWidth;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  };

  if (doc.y + 40 > bottom()) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(table.label, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  drawRow(table.columns, true);
  for (const row of table.rows) {
    if (doc.y + heightOf(row, false) > bottom()) {
      doc.addPage();
      drawRow(table.columns, true);
    }
    drawRow(row, false);
  }
  doc.moveDown(0.8);
}
