import { UNSAFE_CHARACTER_SOURCE } from './validation/input-safety.js';

const SECRET_KEY = /pass|pwd|secret|token|validatecode|verificationcode|authorization|privatekey/i;

/** Deepest level of request parameters the audit log keeps; deeper values are recorded as `…`. */
export const AUDIT_PARAMS_DEPTH = 8;

// NUL cannot be stored in PostgreSQL text/jsonb, lone surrogates are not valid Unicode: both become U+FFFD so
// that the audit row of a refused request is still written.
const UNSTORABLE = new RegExp(UNSAFE_CHARACTER_SOURCE, 'g');

function storable(text: string): string {
  const cut = text.length > 500 ? `${text.slice(0, 500)}…` : text;
  return cut.replace(UNSTORABLE, '\uFFFD');
}

function maskValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth >= AUDIT_PARAMS_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => maskValue(item, depth + 1));
  return maskObject(value as Record<string, unknown>, depth);
}

function maskObject(params: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    out[storable(key)] = SECRET_KEY.test(key) ? '***' : maskValue(value, depth + 1);
  }
  return out;
}

/**
 * Copies request parameters for the audit log with secret values replaced by `***`, long strings cut, characters
 * PostgreSQL cannot store replaced and nesting bounded, so that recording any request, however malformed, works.
 */
export function maskParams(params: unknown): Record<string, unknown> | null {
  if (params === null || typeof params !== 'object' || Array.isArray(params) || Buffer.isBuffer(params))
    return null;
  return maskObject(params as Record<string, unknown>, 0);
}

/** A request URL with the values of secret query parameters replaced by `***` (for request logs). */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  let masked = false;
  for (const key of new Set(query.keys())) {
    if (SECRET_KEY.test(key)) {
      query.set(key, '***');
      masked = true;
    }
  }
  return masked ? `${url.slice(0, at)}?${query.toString()}` : url;
}
