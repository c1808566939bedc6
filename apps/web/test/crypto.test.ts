import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToBase64Url, encryptWithPublicKey, hexToBytes } from '../src/services/crypto';

/** The key pair as the server publishes it: hex modulus and exponent. */
function makeKeyPair(bits = 2048) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const jwk = publicKey.export({ format: 'jwk' });
  const hex = (b64url: string) => Buffer.from(b64url, 'base64url').toString('hex');
  return { privateKey, published: { modulus: hex(jwk.n!), exponent: hex(jwk.e!) } };
}

const decrypt = (privateKey: ReturnType<typeof makeKeyPair>['privateKey'], base64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  ).toString('utf8');

describe('hex helpers', () => {
  it('pads odd-length hex and strips leading zero bytes', () => {
    expect([...hexToBytes('10001')]).toEqual([1, 0, 1]);
    expect([...hexToBytes('00ff')]).toEqual([255]);
    expect(bytesToBase64Url(hexToBytes('010001'))).toBe('AQAB');
  });

  it('rejects non-hex input', () => {
    expect(() => hexToBytes('xyz')).toThrow();
  });
});

describe('encryptWithPublicKey', () => {
  const { privateKey, published } = makeKeyPair();

  it('encrypts so the private key decrypts with RSA-OAEP / SHA-256', async () => {
    const cipher = await encryptWithPublicKey(published, 'S3cret!pass');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(decrypt(privateKey, cipher)).toBe('S3cret!pass');
  });

  it('handles non-ASCII text and gives a different ciphertext each time', async () => {
    const a = await encryptWithPublicKey(published, '管理员 Ünïcødé');
    const b = await encryptWithPublicKey(published, '管理员 Ünïcødé');
    expect(a).not.toBe(b);
    expect(decrypt(privateKey, a)).toBe('管理员 Ünïcødé');
    expect(decrypt(privateKey, b)).toBe('管理员 Ünïcødé');
  });

  it('accepts a modulus written with a leading zero byte', async () => {
    const cipher = await encryptWithPublicKey({ ...published, modulus: '00' + published.modulus }, 'admin');
    expect(decrypt(privateKey, cipher)).toBe('admin');
  });

  it('works with a 1024-bit key too', async () => {
    const small = makeKeyPair(1024);
    const cipher = await encryptWithPublicKey(small.published, 'admin');
    expect(decrypt(small.privateKey, cipher)).toBe('admin');
  });
});
