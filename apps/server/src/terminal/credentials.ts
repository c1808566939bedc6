import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Characters of pairing codes: upper-case letters and digits without look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const PAIRING_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/** Length of a pairing code. */
export const PAIRING_CODE_LENGTH = 6;

/** A new pairing code: six characters of `PAIRING_ALPHABET`, from a cryptographic source. */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** A new device token: 32 random bytes, base64url (43 characters). */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a device token: its SHA-256, hex. */
export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A device token has the shape `newDeviceToken` makes; anything else is refused without a lookup. */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
