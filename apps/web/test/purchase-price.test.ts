import { describe, expect, it } from 'vitest';
import { minorToPrice, priceToMinor } from '../src/pages/purchase/price';

describe('purchase prices: typed major units ↔ integer minor units', () => {
  it('converts exactly, by the currency’s decimals', () => {
    expect(priceToMinor('12.5', 'CNY')).toBe(1250);
    expect(priceToMinor(' 0.07 ', 'EUR')).toBe(7);
    expect(priceToMinor('19.99', 'USD')).toBe(1999);
    expect(priceToMinor('500', 'KRW')).toBe(500);
    expect(priceToMinor('1000000.01', 'RUB')).toBe(100_000_001);
  });

  it('refuses what is not a plain price, has too many decimals or is too large', () => {
    expect(priceToMinor('12.345', 'EUR')).toBeNull();
    expect(priceToMinor('5.5', 'KRW')).toBeNull();
    expect(priceToMinor('1,50', 'EUR')).toBeNull();
    expect(priceToMinor('-1', 'EUR')).toBeNull();
    expect(priceToMinor('', 'EUR')).toBeNull();
    expect(priceToMinor('99999999999.99', 'EUR')).toBeNull();
  });

  it('shows minor units back as the field’s text', () => {
    expect(minorToPrice(1250, 'CNY')).toBe('12.50');
    expect(minorToPrice(7, 'EUR')).toBe('0.07');
    expect(minorToPrice(500, 'KRW')).toBe('500');
    expect(priceToMinor(minorToPrice(123_456, 'HKD'), 'HKD')).toBe(123_456);
  });
});
