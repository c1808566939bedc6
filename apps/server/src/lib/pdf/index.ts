/**
 * PDF documents (invoices, statistics reports) drawn with pdfkit in Noto faces that cover all
 * seven console languages. Usage:
 *
 *   const report = createPdfReport({ title, headerText, footerText, language });
 *   report.keyValues([{ label, value }]).heading('Lines').table({ columns, rows });
 *   const bytes = await report.toBuffer();
 */
export { PDF_STYLE } from './style.js';
export { createPdfReport, PdfReport, type PdfKeyValue, type PdfReportOptions } from './document.js';
export { drawTable, type PdfTable, type PdfTableColumn } from './table.js';
export {
  fontNameFor,
  pdfCanRender,
  pdfFonts,
  pdfTextRuns,
  registerPdfFonts,
  type PdfFontSet,
  type PdfFontWeight,
} from './fonts.js';
export { measureText, writeText, type PdfTextStyle } from './text.js';
export { formatPdfMoney } from './money.js';
