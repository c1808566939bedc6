import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPdfReport,
  formatPdfMoney,
  pdfCanRender,
  pdfFonts,
  pdfTextRuns,
} from '../../../src/lib/pdf/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'apm-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as poppler extracts it (layout kept), and its page count. */
function extract(bytes: Buffer, name: string): { text: string; pages: number } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

describe('PDF reports', () => {
  it('embeds faces that cover every console language', () => {
    expect(pdfFonts().source).toBe('noto-packages');
    expect(pdfFonts().coversCjk).toBe(true);
    for (const text of ['简体', '繁體', '한국어', 'Ёжик', 'àèìòù ç ß', '₽ € ₩ ¥ £ $'])
      expect(pdfCanRender(text)).toBe(true);
    expect(pdfCanRender('\u{1F600}')).toBe(false);
  });

  it('sets mixed Chinese and Korean text in runs of the faces that have each script', () => {
    const runs = pdfTextRuns('Invoice 发票 청구서');
    expect(runs.map((run) => run.text).join('')).toBe('Invoice 发票 청구서');
    expect(new Set(runs.map((run) => run.font)).size).toBe(3);
  });

  it('renders Chinese, Korean, Russian and accented Latin text that extracts back', async () => {
    const samples = [
      '简体中文发票',
      '繁體中文發票',
      '한국어 청구서',
      'Счёт на оплату',
      'Fattura è già',
      'Facture réglée',
    ];
    const report = createPdfReport({ title: 'Invoice 发票 청구서', language: 'zh-CN' });
    report.keyValues(samples.map((value, index) => ({ label: `L${index}`, value })));
    const { text } = extract(await report.toBuffer(), 'languages');
    for (const sample of samples) expect(text).toContain(sample);
    expect(text).toContain('Invoice 发票 청구서');
  });

  it('continues a long table on new pages with the header row and page numbers on each', async () => {
    const report = createPdfReport({
      title: 'Monthly report',
      headerText: 'Seller Ltd.',
      footerText: 'Generated 2026-11-29',
      pageLabel: (page, total) => `Page ${page} of ${total}`,
    });
    const rows = Array.from({ length: 120 }, (_, index) => [
      `Row ${index + 1}`,
      `终端 ${index}`,
      String(index * 7),
    ]);
    report.table({
      columns: [
        { header: 'Item' },
        { header: 'Description', weight: 2 },
        { header: 'Amount', align: 'right' },
      ],
      rows: [...rows, { cells: ['Total', '', '41 650'], bold: true }],
    });
    const { text, pages } = extract(await report.toBuffer(), 'table');
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Row 1 ');
    expect(text).toContain('Row 120');
    expect(text).toContain('Total');
    // Every page repeats the table header, the page header and its number out of the total.
    expect(text.match(/Item\s+Description\s+Amount/g)?.length).toBe(pages);
    expect(text.match(/Seller Ltd\./g)?.length).toBe(pages);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    // A header, footer or page number never spilled onto a page of its own.
    expect(text.split('\f').filter((page) => page.trim() !== '').length).toBe(pages);
  });

  it('shows an empty table with its empty text', async () => {
    const report = createPdfReport({ title: 'Empty' });
    report.table({ columns: [{ header: 'A' }, { header: 'B' }], rows: [], emptyText: 'No data' });
    expect(extract(await report.toBuffer(), 'empty').text).toContain('No data');
  });

  it('formats money exactly in the locale, from integer minor units', async () => {
    expect(formatPdfMoney(123456, 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatPdfMoney(123456, 'EUR', 'fr-FR')).toBe('1\u00a0234,56\u00a0€');
    expect(formatPdfMoney(5000, 'KRW', 'ko-KR')).toBe('₩5,000');
    expect(formatPdfMoney(-5, 'USD', 'en-US')).toBe('-$0.05');
    expect(formatPdfMoney(999_999_999_999, 'RUB', 'ru-RU')).toBe('9\u00a0999\u00a0999\u00a0999,99\u00a0₽');
    const report = createPdfReport({ title: 'Totals' });
    report.keyValues([{ label: 'Итого', value: formatPdfMoney(999_999_999_999, 'RUB', 'ru-RU') }]);
    expect(extract(await report.toBuffer(), 'money').text).toMatch(/9\s999\s999\s999,99\s₽/);
  });
});
