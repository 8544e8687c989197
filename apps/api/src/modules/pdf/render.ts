import type { AnswerItem } from '@dcf/domain';
import PDFDocument from 'pdfkit';

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
 * that repeat their header row on a new page.
 */
export function renderReturnPdf(printed: PrintedReturn): Promise<Buffer> {
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

  for (const item of printed.items) {
    switch (item.kind) {
      case 'page':
        ensureRoom(60);
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(14).fillColor(NHS_BLUE).text(item.title, { width });
        doc.moveDown(0.3);
        break;
      case 'heading':
        ensureRoom(50);
        doc.moveDown(0.3).font('Helvetica-Bold').fontSize(12).fillColor(TEXT).text(item.title, { width });
        doc.moveDown(0.2);
        break;
      case 'field':
        ensureRoom(40);
        doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(item.label, { width });
        doc
          .font('Helvetica')
          .fillColor(item.answer === 'Not answered' ? GREY : TEXT)
          .text(item.answer, { width });
        doc.moveDown(0.5);
        break;
      case 'table':
        drawTable(doc, item, width, bottom);
        break;
    }
  }
  doc.end();
  return done;
}

function drawTable(
  doc: PDFKit.PDFDocument,
  table: Extract<AnswerItem, { kind: 'table' }>,
  width: number,
  bottom: () => number,
) {
  const padding = 4;
  const columns = Math.max(1, table.columns.length);
  const columnWidth = width / columns;
  const heightOf = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    return (
      Math.max(...cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - padding * 2 })), 10) +
      padding * 2
    );
  };
  const drawRow = (cells: string[], bold: boolean) => {
    const height = heightOf(cells, bold);
    const top = doc.y;
    cells.forEach((cell, i) => {
      const x = MARGIN + i * columnWidth;
      doc.lineWidth(0.5).strokeColor('#aeb7bd').rect(x, top, columnWidth, height).stroke();
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(TEXT)
        .text(cell, x + padding, top + padding, { width: columnWidth - padding * 2 });
    });
    doc.x = MARGIN;
    doc.y = top + height;
  };

  if (doc.y + 40 > bottom()) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(table.label, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  if (table.rows.length === 0) {
    doc.font('Helvetica').fillColor(GREY).text('Not answered', { width });
    doc.moveDown(0.5);
    return;
  }
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
