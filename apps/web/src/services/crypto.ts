/**
 * Login-field encryption (DESIGN "Auth"): the server publishes an RSA public key as hex
 * `exponent` and `modulus`; the console encrypts with RSA-OAEP / SHA-256 through Web Crypto
 * and sends base64.
 */

/** The RSA public key as `GET /f/common/publishKey` gives it: big-endian hex numbers. */
export interface RsaPublicKeyHex {
  exponent: string;
  modulus: string;
}

/** Big-endian bytes of a hex number, without leading zero bytes (JWK wants the minimal form). */
export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.trim().replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(clean)) throw new Error('Invalid hex number');
  const even = clean.length % 2 ? '0' + clean : clean;
  const bytes = new Uint8Array(even.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(even.slice(i * 2, i * 2 + 2), 16);
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  return bytes.slice(start);
}

function bytesToBinary(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return binary;
}

/** Standard base64 of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  return btoa(bytesToBinary(bytes));
}

/** base64url (no padding) of bytes, as JWK members use. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const keyCache = new Map<string, Promise<CryptoKey>>();

/** Imports the hex public key into Web Crypto as an RSA-OAEP / SHA-256 encryption key (cached per key). */
export function importRsaPublicKey(key: RsaPublicKeyHex): Promise<CryptoKey> {
  const cacheKey = `${key.exponent}:${key.modulus}`;
  let imported = keyCache.get(cacheKey);
  if (!imported) {
    const jwk: JsonWebKey = {
      kty: 'RSA',
      n: bytesToBase64Url(hexToBytes(key.modulus)),
      e: bytesToBase64Url(hexToBytes(key.exponent)),
      alg: 'RSA-OAEP-256',
      ext: true,
      key_ops: ['encrypt'],
    };
    imported = globalThis.crypto.subtle.importKey('jwk', jwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    // A failed import must not stay cached.
    imported.catch(() => keyCache.delete(cacheKey));
    keyCache.set(cacheKey, imported);
  }
  return imported;
}

/** Encrypts a UTF-8 string with RSA-OAEP / SHA-256 under the given public key; answers base64. */
export async function encryptWithPublicKey(key: RsaPublicKeyHex, text: string): Promise<string> {
  const cryptoKey = await importRsaPublicKey(key);
  const cipher = await globalThis.crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    cryptoKey,
    new TextEncoder().encode(text),
  );
  return bytesToBase64(new Uint8Array(cipher));
}
