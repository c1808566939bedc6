import { formatMoney } from '@apm/contract';

/**
 * An amount of integer minor units in the document's locale with its currency
 * (formatPdfMoney(123456, 'CNY', 'zh-CN') → "¥1,234.56"). Narrow no-break spaces that some
 * locales put between digits (fr-FR, ru-RU) become plain no-break spaces, which every embedded
 * face has and text extraction keeps.
 */
export function formatPdfMoney(minor: number, currency: string, locale: string): string {
  return formatMoney(minor, currency, locale).replace(/\u202f/g, '\u00a0');
}
