import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Prefix of a sealed value: AES-256-GCM, then base64 of IV (12 bytes), tag (16 bytes) and ciphertext. */
const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Name of the key file in the data dir when `APM_SECRET_KEY` is not set. */
export const SECRET_KEY_FILE = 'secret.key';

/** A sealed value cannot be opened: the key is not the one it was sealed with, or the value is damaged. */
export class SecretKeyError extends Error {}

/** Whether a stored value is sealed (rather than legacy plain text). */
export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(SEALED_PREFIX);

/** Encrypts and decrypts secrets at rest (SMTP password, SMS gateway key) with AES-256-GCM. */
export class SecretBox {
  /**
   * @param key 32 bytes.
   * @param keySource Where the key came from, named in errors (`APM_SECRET_KEY` or the key file).
   */
  constructor(
    private readonly key: Buffer,
    readonly keySource: string,
  ) {
    if (key.length !== 32) throw new Error('A secret key is 32 bytes');
  }

  /** Seals a text; every call uses a fresh IV, so equal texts seal differently. */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** Opens a sealed value; `what` names it in the error when the key does not fit. */
  open(sealed: string, what: string): string {
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
    try {
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretKeyError(
        `${what} cannot be decrypted: ${this.keySource} is not the key it was stored with (set it again, or restore the key)`,
      );
    }
  }
}

/**
 * The box of this installation: `APM_SECRET_KEY` when set, otherwise the key in
 * `<dataDir>/secret.key`, generated on first use (readable by the owner only).
 */
export function loadSecretBox(dataDir: string, configuredKey: Buffer | undefined): SecretBox {
  if (configuredKey) return new SecretBox(configuredKey, 'APM_SECRET_KEY');
  const file = path.join(dataDir, SECRET_KEY_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': when two processes start at once on one data dir, the second reads the first one's key.
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (writeErr) {
      if ((writeErr as NodeJS.ErrnoException).code !== 'EEXIST') throw writeErr;
    }
    text = readFileSync(file, 'utf8');
  }
  const hex = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${file} must hold 64 hex digits (a 32-byte key)`);
  return new SecretBox(Buffer.from(hex, 'hex'), file);
}
