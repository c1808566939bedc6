import { badRequest } from './errors.js';

/** Most ids one call may name (the largest page a list answers). */
export const MAX_IDS = 500;

const MAX_ID = 2_147_483_647;

/** Schema description of a comma-joined id list, for the OpenAPI document. */
export const ID_LIST_DESCRIPTION = `Comma-joined ids, each a positive integer (at most ${MAX_IDS}), e.g. "1,2,3"`;

/**
 * Parses a comma-joined id list such as `"1,2,3"` into distinct positive integers, each in canonical decimal
 * (no spaces, signs, leading zeros or exponents); anything else answers 400 naming `field`.
 */
export function parseIdList(raw: string, field = 'id'): number[] {
  const ids = raw.split(',').map((part) => (/^[1-9][0-9]{0,9}$/.test(part) ? Number(part) : NaN));
  if (!ids.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID)) {
    const msg = `${field} must be a comma-joined list of positive integers`;
    throw badRequest(msg, 'validation', { fields: { [field]: msg } });
  }
  const unique = [...new Set(ids)];
  if (unique.length > MAX_IDS) {
    const msg = `${field} may name at most ${MAX_IDS} ids`;
    throw badRequest(msg, 'validation', { fields: { [field]: msg } });
  }
  return unique;
}
