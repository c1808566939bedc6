/** Prices typed in major units and the integer minor units the server keeps. Pure. */
import { currencyExponent, MONEY_MINOR_MAX, minorToDecimal } from '@apm/contract';

/**
 * A typed price ("12.5", "1 234,50" is refused) in integer minor units of `currency`, by string
 * arithmetic (no float rounding): ("12.5", CNY) → 1250, ("500", KRW) → 500. Null when it is not a
 * plain decimal, has more decimals than the currency has (KRW has none), or is too large.
 */
export function priceToMinor(price: string, currency: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(price.trim());
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const minor = Number(`${match[1]}${fraction.padEnd(exponent, '0')}`);
  return minor <= MONEY_MINOR_MAX ? minor : null;
}

/** Minor units as the price field shows them: (1250, CNY) → "12.50", (500, KRW) → "500". */
export const minorToPrice = (minor: number, currency: string) =>
  minorToDecimal(minor, currencyExponent(currency));
