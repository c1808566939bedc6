import { randomInt } from 'node:crypto';

/**
 * Characters of a payment reference: digits and capitals without the look-alikes I, L, O and U, so
 * that a reference read over the phone or typed from a bank statement is not mistaken (Crockford).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters of a reference before its check character. */
const BODY_LENGTH = 8;

/**
 * Luhn mod N check character over the alphabet: catches every single wrong character and every
 * swap of two neighbours but one — `0` and `Z` (the first and last characters, worth 0 and N−1)
 * swapped, the known blind spot of Luhn mod N.
 */
export function checkCharacter(body: string): string {
  const n = ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const code = ALPHABET.indexOf(body[i]!);
    if (code < 0) throw new RangeError(`"${body[i]}" is not a reference character`);
    let addend = factor * code;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / n) + (addend % n);
    sum += addend;
  }
  return ALPHABET[(n - (sum % n)) % n]!;
}

/** A fresh reference `APM-7K3M-Q9TX-R`: 8 random characters (32⁸ ≈ 10¹²) and the check character. */
export function newPaymentReference(): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return `APM-${body.slice(0, 4)}-${body.slice(4)}-${checkCharacter(body)}`;
}

/**
 * A typed reference in its canonical form, or null when it is not one (wrong length or character,
 * or a check character that does not match): case, spaces and dashes are forgiven, and O/I/L are
 * read as 0/1/1.
 */
export function parsePaymentReference(typed: string): string | null {
  const cleaned = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^APM/, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (cleaned.length !== BODY_LENGTH + 1 || [...cleaned].some((c) => !ALPHABET.includes(c))) return null;
  const body = cleaned.slice(0, BODY_LENGTH);
  if (checkCharacter(body) !== cleaned[BODY_LENGTH]) return null;
  return `APM-${body.slice(0, 4)}-${body.slice(4)}-${cleaned[BODY_LENGTH]}`;
}
