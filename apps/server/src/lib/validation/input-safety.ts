import { badRequest } from '../errors.js';

/** Deepest nesting of objects and arrays a request may carry (the console sends at most a handful of levels). */
export const MAX_INPUT_DEPTH = 64;

/** The source of a pattern matching a NUL (PostgreSQL text cannot hold one) or a lone UTF-16 surrogate. */
export const UNSAFE_CHARACTER_SOURCE =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.source;

const UNSAFE_CHARACTER = new RegExp(UNSAFE_CHARACTER_SOURCE);

/** Why a request value is refused, and where. */
export interface UnsafeInput {
  field: string;
  message: string;
}

/**
 * Finds the first thing in a parsed request part that no route may receive: a string (value or key) with a NUL
 * or a lone surrogate, or nesting deeper than {@link MAX_INPUT_DEPTH}. Iterative, so a 100 000-deep value cannot
 * overflow the stack. `part` names the part in the answer (`body`, `query`, `params`).
 */
export function findUnsafeInput(value: unknown, part: string): UnsafeInput | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    const field = path || part;
    if (typeof current === 'string') {
      if (UNSAFE_CHARACTER.test(current))
        return { field, message: `${field} contains a NUL or an invalid character` };
      continue;
    }
    if (!isPlainContainer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH)
      return { field, message: `${field} is nested deeper than ${MAX_INPUT_DEPTH} levels` };
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (UNSAFE_CHARACTER.test(key))
        return { field: childPath, message: `${field} has a key with a NUL or an invalid character` };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

// Parsed bodies, query strings and params are objects and arrays (a query object has its own bare prototype);
// a Buffer or stream body (binary routes) is not walked.
function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** Throws the 400 for {@link findUnsafeInput}'s finding, naming the field like any validation failure. */
export function assertSafeInput(value: unknown, part: string): void {
  const unsafe = findUnsafeInput(value, part);
  if (unsafe) throw badRequest(unsafe.message, 'validation', { fields: { [unsafe.field]: unsafe.message } });
}

/** The nesting depth of a JSON text, counted without parsing it, stopping once past `limit`. */
export function jsonDepthExceeds(text: string, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
