import type PDFKitDocument from 'pdfkit';
import { lazyRequire } from '../lazy-require.js';
import { registerPdfFonts } from './fonts.js';
import { PDF_STYLE } from './style.js';
import { drawTable, type PdfTable } from './table.js';
import { measureText, writeText, type PdfTextStyle } from './text.js';

/** pdfkit, loaded with the first document (≈ 0.4 s with its fonts code). */
const pdfkit = lazyRequire<typeof PDFKitDocument>('pdfkit');

/** What every page of a report carries, and the document's metadata. */
export interface PdfReportOptions {
  /** Document title: the PDF's metadata and the first page's heading. */
  title: string;
  /** Line under the title on the first page (who issued it, for which period). */
  subtitle?: string;
  /** Text at the top of every page (the issuer's name); the title when absent. */
  headerText?: string;
  /** Text at the bottom left of every page (generated at …). */
  footerText?: string;
  /** Page number text at the bottom right; default "3 / 7". */
  pageLabel?: (page: number, total: number) => string;
  /** BCP 47 language of the content, written into the PDF for screen readers. */
  language?: string;
  /** Author metadata (the system's name). */
  author?: string;
}

/** One label and its value in a {@link PdfReport.keyValues} block. */
export interface PdfKeyValue {
  label: string;
  value: string;
}

/**
 * A paged A4 report drawn with pdfkit in faces that cover all console languages: a title, then
 * headings, paragraphs, key-value blocks and tables that continue across pages; every page gets
 * the header and footer with its number when the document is finished.
 */
export class PdfReport {
  /** The pdfkit document, for drawing something the blocks do not cover. */
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<Buffer>;

  constructor(private readonly options: PdfReportOptions) {
    const margin = PDF_STYLE.margin;
    this.doc = new (pdfkit())({
      size: 'A4',
      margins: {
        top: margin + PDF_STYLE.headerGap,
        bottom: margin + PDF_STYLE.headerGap,
        left: margin,
        right: margin,
      },
      bufferPages: true,
      info: { Title: options.title, Author: options.author ?? 'APM', Creator: 'APM' },
      lang: options.language,
      displayTitle: true,
    });
    registerPdfFonts(this.doc);
    this.finished = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.doc.fillColor(PDF_STYLE.text);
    const left = this.doc.page.margins.left;
    this.write(options.title, left, undefined, {
      weight: 'bold',
      size: PDF_STYLE.titleSize,
      width: this.contentWidth,
    });
    if (options.subtitle) {
      this.doc.fillColor(PDF_STYLE.muted);
      this.write(options.subtitle, left, undefined, { size: PDF_STYLE.bodySize, width: this.contentWidth });
      this.doc.fillColor(PDF_STYLE.text);
    }
    this.doc.moveDown(0.8);
  }

  /** Width between the left and right margins. */
  get contentWidth(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** Writes text at (x, y), or below the last, in the faces its scripts need. */
  write(text: string, x: number | undefined, y: number | undefined, style: PdfTextStyle): void {
    writeText(this.doc, text, x, y, style);
  }

  /** Height of text wrapped to `width`. */
  measure(text: string, width: number, style: PdfTextStyle): number {
    return measureText(this.doc, text, width, style);
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  /** A section heading. */
  heading(text: string): this {
    this.ensureSpace(PDF_STYLE.headingSize * 3);
    this.doc.moveDown(0.4);
    const style = { weight: 'bold' as const, size: PDF_STYLE.headingSize, width: this.contentWidth };
    this.write(text, this.doc.page.margins.left, undefined, style);
    this.doc.moveDown(0.3);
    return this;
  }

  /** A paragraph of body text, wrapped to the content width. */
  paragraph(text: string, options: { muted?: boolean; align?: 'left' | 'right' | 'center' } = {}): this {
    this.doc.fillColor(options.muted ? PDF_STYLE.muted : PDF_STYLE.text);
    const style = { size: PDF_STYLE.bodySize, width: this.contentWidth, align: options.align };
    this.write(text, this.doc.page.margins.left, undefined, style);
    this.doc.fillColor(PDF_STYLE.text);
    return this;
  }

  /** Vertical space of `lines` body lines. */
  space(lines = 1): this {
    this.doc.moveDown(lines);
    return this;
  }

  /** Labels in a column on the left and their values beside them (who, when, totals). */
  keyValues(pairs: PdfKeyValue[], options: { labelWidth?: number } = {}): this {
    const left = this.doc.page.margins.left;
    const labelWidth = options.labelWidth ?? Math.min(160, this.contentWidth / 3);
    const valueWidth = this.contentWidth - labelWidth - 8;
    for (const pair of pairs) {
      const size = PDF_STYLE.bodySize;
      const height = Math.max(
        this.measure(pair.value, valueWidth, { size }),
        this.measure(pair.label, labelWidth, { size }),
      );
      this.ensureSpace(height);
      const y = this.doc.y;
      this.doc.fillColor(PDF_STYLE.muted);
      this.write(pair.label, left, y, { size, width: labelWidth });
      this.doc.fillColor(PDF_STYLE.text);
      this.write(pair.value, left + labelWidth + 8, y, { size, width: valueWidth });
      this.doc.x = left;
      this.doc.y = y + height + 3;
    }
    return this;
  }

  /** A table whose rows continue on new pages, the header row repeated on each. */
  table(table: PdfTable): this {
    drawTable(this, table);
    return this;
  }

  /** Draws every page's header and footer, ends the document and answers its bytes. */
  async toBuffer(): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    const header = this.options.headerText ?? this.options.title;
    const pageLabel = this.options.pageLabel ?? ((page: number, total: number) => `${page} / ${total}`);
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      this.drawPageFrame(header, pageLabel(index - range.start + 1, range.count));
    }
    this.doc.end();
    return this.finished;
  }

  /** Header line and footer of the current page, drawn inside the margins' band. */
  private drawPageFrame(header: string, pageText: string): void {
    const { doc } = this;
    const margin = PDF_STYLE.margin;
    const width = doc.page.width - 2 * margin;
    // Text below the bottom margin would make pdfkit open a new page; lift the margin while drawing.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const size = PDF_STYLE.smallSize;
    doc.fillColor(PDF_STYLE.muted);
    this.write(header, margin, margin - 4, { size, width, lineBreak: false, ellipsis: true });
    doc
      .moveTo(margin, margin + 8)
      .lineTo(margin + width, margin + 8)
      .strokeColor(PDF_STYLE.rule)
      .stroke();
    const footerY = doc.page.height - margin;
    doc
      .moveTo(margin, footerY - 6)
      .lineTo(margin + width, footerY - 6)
      .strokeColor(PDF_STYLE.rule)
      .stroke();
    if (this.options.footerText) {
      const footerStyle = { size, width: width * 0.75, lineBreak: false, ellipsis: true };
      this.write(this.options.footerText, margin, footerY, footerStyle);
    }
    const pageStyle = { size, width: width * 0.25, align: 'right' as const, lineBreak: false };
    this.write(pageText, margin + width * 0.75, footerY, pageStyle);
    doc.page.margins.bottom = bottomMargin;
    doc.fillColor(PDF_STYLE.text);
  }
}

/** Starts a report; add blocks, then `await report.toBuffer()`. */
export function createPdfReport(options: PdfReportOptions): PdfReport {
  return new PdfReport(options);
}
