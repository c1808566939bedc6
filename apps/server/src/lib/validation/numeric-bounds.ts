import type { JsonSchema } from './json-schema.js';

/** The PostgreSQL `integer` range: ids and counts are stored in it. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/**
 * A copy of a request schema in which every integer without bounds of its own is bounded to PostgreSQL's
 * `integer` range and every number to the safe-integer range, so that `1e308` or a 400-digit number is refused
 * by validation instead of reaching SQL. A field that needs more (bytes, epoch milliseconds) declares its bounds.
 */
export function withDefaultBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => withDefaultBounds(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withDefaultBounds(value);
  const types = typeof copy.type === 'string' ? [copy.type] : Array.isArray(copy.type) ? copy.type : [];
  const numeric = types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : null;
  if (numeric) {
    const [low, high] =
      numeric === 'integer' ? [INT32_MIN, INT32_MAX] : [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = low;
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = high;
  }
  return copy as T;
}
