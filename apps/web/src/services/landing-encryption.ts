/** Applies the "landing encryption" setting to form fields before they are sent. */
import type { PublishKey } from '@apm/contract';
import { encryptWithPublicKey } from './crypto';

/**
 * Encrypts the named fields with the server's public key when `isLandingEncryption` is on;
 * otherwise answers the fields unchanged. Empty or missing fields are left as they are.
 */
export async function protectFields<T extends Record<string, string | undefined>>(
  fields: T,
  names: readonly (keyof T)[],
  key: PublishKey | undefined,
): Promise<T> {
  if (!key?.isLandingEncryption) return fields;
  const out: T = { ...fields };
  await Promise.all(
    names.map(async (name) => {
      const value = fields[name];
      if (value) out[name] = (await encryptWithPublicKey(key, value)) as T[keyof T];
    }),
  );
  return out;
}
