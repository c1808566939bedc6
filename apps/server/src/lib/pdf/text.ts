import { fontNameFor, pdfTextRuns, type PdfFontWeight } from './fonts.js';

/** How a piece of text is set: weight and size, plus pdfkit's layout options. */
export interface PdfTextStyle extends PDFKit.Mixins.TextOptions {
  weight?: PdfFontWeight;
  size: number;
}

/**
 * Writes text at (x, y) — or where the last text ended — switching faces within the text where
 * its scripts need it (a Korean name beside Chinese, a ₽ sign after Cyrillic), wrapped as one.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  style: PdfTextStyle,
): void {
  const { weight = 'regular', size, ...options } = style;
  const runs = pdfTextRuns(text, weight);
  runs.forEach((run, index) => {
    doc.font(run.font).fontSize(size);
    const continued = index < runs.length - 1;
    if (index === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
}

/** Height the text takes wrapped to `width`, measured in the face that sets most of it. */
export function measureText(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: PdfTextStyle,
): number {
  const { weight = 'regular', size, ...options } = style;
  doc.font(fontNameFor(text || ' ', weight)).fontSize(size);
  return doc.heightOfString(text || ' ', { ...options, width });
}
