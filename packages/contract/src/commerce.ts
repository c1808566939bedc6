/**
 * Money is held as an integer count of the currency's minor units (cents, fen, kopecks) with an
 * ISO 4217 code beside it; it is never a float. These helpers turn it into text exactly.
 */

/** Currencies a seller may price in (ISO 4217). */
export const CURRENCIES = ['CNY', 'HKD', 'USD', 'EUR', 'RUB', 'KRW', 'JPY', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Largest amount in minor units any price, line or order may hold (fits a JS safe integer). */
export const MONEY_MINOR_MAX = 1_000_000_000_000;

/** Decimal places of a currency's minor unit (2 for CNY, 0 for KRW and JPY), per the ICU data. */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * An integer count of minor units as an exact decimal string in major units: (12345, 2) →
 * "123.45", (-5, 2) → "-0.05", (700, 0) → "700". No float arithmetic is involved.
 */
export function minorToDecimal(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount ${minor} is not an integer of minor units`);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * An amount in the reader's locale with the currency's symbol: formatMoney(123456, 'EUR', 'fr-FR')
 * → "1 234,56 €". Formats the exact decimal string, so large amounts are not rounded.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  // Intl formats a numeric string as an exact decimal (ES2023 Intl.NumberFormat v3).
  return format.format(minorToDecimal(minor, exponent) as unknown as number);
}

/**
 * Tax on a net amount at a rate in basis points (1 % = 100), rounded half away from zero to a
 * whole minor unit, in integer arithmetic: taxOnNet(1999, 1300) → 260.
 */
export function taxOnNet(netMinor: number, rateBasisPoints: number): number {
  const product = BigInt(netMinor) * BigInt(rateBasisPoints);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(rounded * sign);
}
