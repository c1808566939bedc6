import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import type { PublishKey } from '@apm/contract';
import { badRequest } from '../../lib/errors.js';
import { SecretKeyError } from '../../lib/secret-box.js';
import type { SettingsService } from '../settings/service.js';

const generatePair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * The sign-in RSA key pair: generated once, kept in the database sealed with the installation key (so
 * every instance shares it), published as hex exponent/modulus; the console encrypts with
 * RSA-OAEP/SHA-256 and base64.
 */
export class LandingKey {
  private privateKey: KeyObject | undefined;
  private publicJwk: { n: string; e: string } | undefined;

  constructor(private readonly settings: SettingsService) {}

  /** Loads the key pair, generating and storing it on first use. */
  async init(): Promise<void> {
    let pair = await this.settings.get('rsaKeyPair').catch((err: unknown) => {
      if (!(err instanceof SecretKeyError)) throw err;
      return 'unreadable' as const;
    });
    if (pair === 'unreadable') {
      // Sealed with another installation key: a new pair costs nothing (the page fetches the public key).
      pair = generatePair();
      await this.settings.set('rsaKeyPair', pair);
    } else if (!pair) {
      const generated = generatePair();
      await this.settings.setIfAbsent('rsaKeyPair', generated);
      pair = (await this.settings.get('rsaKeyPair')) ?? generated;
    }
    this.privateKey = createPrivateKey(pair.privateKey);
    const jwk = this.privateKey.export({ format: 'jwk' });
    this.publicJwk = { n: jwk.n as string, e: jwk.e as string };
  }

  /** The public key as GET /f/common/publishKey answers it. */
  async publishKey(): Promise<PublishKey> {
    if (!this.publicJwk) await this.init();
    const jwk = this.publicJwk!;
    return {
      exponent: Buffer.from(jwk.e, 'base64url').toString('hex'),
      modulus: Buffer.from(jwk.n, 'base64url').toString('hex'),
      isLandingEncryption: await this.settings.get('landingEncryption'),
    };
  }

  /** Decrypts a base64 RSA-OAEP/SHA-256 field; 400 naming the field when it cannot. */
  async decrypt(field: string, value: string): Promise<string> {
    if (!this.privateKey) await this.init();
    if (!/^[A-Za-z0-9+/=\s]+$/.test(value) || value.length > 1024) {
      throw badRequest(`${field} is not a valid encrypted value`, 'decryptFailed', { field });
    }
    try {
      return privateDecrypt(
        { key: this.privateKey!, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(value, 'base64'),
      ).toString('utf8');
    } catch {
      throw badRequest(`${field} could not be decrypted; reload the page and try again`, 'decryptFailed', {
        field,
      });
    }
  }

  /** Decrypts the field when landing encryption is on, otherwise returns it as sent. */
  async reveal(field: string, value: string): Promise<string> {
    return (await this.settings.get('landingEncryption')) ? this.decrypt(field, value) : value;
  }
}
