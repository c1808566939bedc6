import type { PdfReport } from './document.js';
import { PDF_STYLE } from './style.js';

/** A column of a {@link PdfTable}. */
export interface PdfTableColumn {
  header: string;
  /** Share of the table's width relative to the other columns' weights (default 1). */
  weight?: number;
  /** Amounts and counts go right. */
  align?: 'left' | 'right' | 'center';
}

/** Rows of text under column headers; a row of `bold` draws as a total line. */
export interface PdfTable {
  columns: PdfTableColumn[];
  rows: (string[] | { cells: string[]; bold?: boolean })[];
  /** Shown in one row across the table when there are no rows. */
  emptyText?: string;
}

const CELL_PADDING = 4;

/** Column widths in points from their weights. */
function columnWidths(columns: PdfTableColumn[], total: number): number[] {
  const weights = columns.map((column) => column.weight ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (total * weight) / sum);
}

/** Height the row needs: its tallest cell plus padding. */
function rowHeight(report: PdfReport, cells: string[], widths: number[], bold: boolean): number {
  let tallest = 0;
  cells.forEach((cell, index) => {
    const width = (widths[index] ?? 0) - 2 * CELL_PADDING;
    tallest = Math.max(
      tallest,
      report.measure(cell, width, { weight: bold ? 'bold' : 'regular', size: PDF_STYLE.bodySize }),
    );
  });
  return tallest + 2 * CELL_PADDING;
}

/** Draws one row's cells at the current y and moves below it. */
function drawRow(
  report: PdfReport,
  table: PdfTable,
  cells: string[],
  widths: number[],
  style: { bold: boolean; fill?: string },
): void {
  const { doc } = report;
  const height = rowHeight(report, cells, widths, style.bold);
  report.ensureSpace(height);
  const top = doc.y;
  let x = doc.page.margins.left;
  if (style.fill) doc.rect(x, top, report.contentWidth, height).fill(style.fill);
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    doc.fillColor(PDF_STYLE.text);
    report.write(cell, x + CELL_PADDING, top + CELL_PADDING, {
      weight: style.bold ? 'bold' : 'regular',
      size: PDF_STYLE.bodySize,
      width: width - 2 * CELL_PADDING,
      align: table.columns[index]?.align ?? 'left',
    });
    x += width;
  });
  const bottom = top + height;
  doc
    .moveTo(doc.page.margins.left, bottom)
    .lineTo(doc.page.margins.left + report.contentWidth, bottom)
    .strokeColor(PDF_STYLE.rule)
    .stroke();
  doc.x = doc.page.margins.left;
  doc.y = bottom;
}

/**
 * Draws a table row by row; a row that does not fit on the page starts a new page, which begins
 * with the header row again.
 */
export function drawTable(report: PdfReport, table: PdfTable): void {
  const { doc } = report;
  const widths = columnWidths(table.columns, report.contentWidth);
  const headers = table.columns.map((column) => column.header);
  const headerHeight = rowHeight(report, headers, widths, true);
  const drawHeader = () =>
    drawRow(report, table, headers, widths, { bold: true, fill: PDF_STYLE.headerFill });
  // The header and at least one row stay together.
  report.ensureSpace(headerHeight * 2);
  drawHeader();
  if (table.rows.length === 0 && table.emptyText) {
    const emptyWidths = [report.contentWidth];
    drawRow(report, { columns: [{ header: '' }], rows: [] }, [table.emptyText], emptyWidths, { bold: false });
  }
  for (const row of table.rows) {
    const cells = Array.isArray(row) ? row : row.cells;
    const bold = !Array.isArray(row) && row.bold === true;
    const needed = rowHeight(report, cells, widths, bold);
    if (doc.y + needed > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawHeader();
    }
    drawRow(report, table, cells, widths, { bold });
  }
  doc.moveDown(0.5);
}
