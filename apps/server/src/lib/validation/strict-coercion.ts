import { admittedTypes, alternatives, isSchema, listedValues, type JsonSchema } from './json-schema.js';

/** A canonical decimal integer: no sign but `-`, no leading zeros, no spaces, no exponent, at most 16 digits. */
const CANONICAL_INTEGER = /^-?(?:0|[1-9][0-9]{0,15})$/;
/** A canonical decimal number: a canonical integer with an optional fraction of digits. */
const CANONICAL_NUMBER = /^-?(?:0|[1-9][0-9]{0,15})(?:\.[0-9]{1,16})?$/;

/**
 * Converts the values of one request part (query string, params, form or JSON body) to the types its schema
 * declares, in place where it can, accepting only canonical spellings: `"12"` becomes 12 for an integer field
 * but `" 12 "`, `"0x10"`, `"2e0"`, `"2.0"`, `"Infinity"` and JSON `true` stay as they are, so validation then
 * refuses them naming the field. A single value for an array field becomes a one-element array (a query
 * string `?id=1` for `id: number[]`). Answers the converted value.
 */
export function coerceStrictly(schema: JsonSchema, value: unknown): unknown {
  const options = alternatives(schema);
  const types = admittedTypes(options);
  if (types.size === 0) return value;
  if (Array.isArray(value)) return types.has('array') ? coerceItems(options, value) : value;
  if (types.has('array') && !types.has(jsonType(value)) && value !== undefined) {
    return coerceItems(options, [value]);
  }
  if (value !== null && typeof value === 'object')
    return coerceProperties(options, value as Record<string, unknown>);
  if (typeof value === 'string') return coerceString(value, types, listedValues(options));
  if (typeof value === 'number') return coerceNumber(value, types);
  if (value === null) return coerceNull(types);
  return value;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function coerceItems(options: JsonSchema[], list: unknown[]): unknown[] {
  const items = options.find((option) => isSchema(option.items))?.items as JsonSchema | undefined;
  if (!items) return list;
  for (let i = 0; i < list.length; i++) list[i] = coerceStrictly(items, list[i]);
  return list;
}

function coerceProperties(options: JsonSchema[], object: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(object)) {
    const owner = options.find((option) => option.properties && Object.hasOwn(option.properties, key));
    const schema =
      owner?.properties?.[key] ??
      (options.find((option) => isSchema(option.additionalProperties))?.additionalProperties as
        JsonSchema | undefined);
    if (!schema) continue;
    const coerced = coerceStrictly(schema, object[key]);
    // JSON null, or an empty form field, for an optional non-text field means "not given" (ajv used to turn both
    // into 0, an id no row has).
    const types = admittedTypes(alternatives(schema));
    const empty = (coerced === null && !types.has('null')) || (coerced === '' && !types.has('string'));
    if (empty && !isRequired(options, key)) delete object[key];
    else object[key] = coerced;
  }
  return object;
}

function isRequired(options: JsonSchema[], key: string): boolean {
  return options.some((option) => Array.isArray(option.required) && option.required.includes(key));
}

function coerceString(value: string, types: Set<string>, listed: unknown[]): unknown {
  if (types.has('string') || listed.includes(value)) return value;
  if ((types.has('integer') || types.has('number')) && CANONICAL_INTEGER.test(value)) return Number(value);
  if (types.has('number') && CANONICAL_NUMBER.test(value)) return Number(value);
  if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (types.has('null') && value === '') return null;
  return value;
}

function coerceNumber(value: number, types: Set<string>): unknown {
  if (types.has('number') || (types.has('integer') && Number.isInteger(value))) return value;
  // A number given for a text field (an id sent as 5 to a comma-joined id list) is its decimal spelling.
  if (types.has('string') && Number.isSafeInteger(value)) return String(value);
  if (types.has('boolean') && (value === 0 || value === 1)) return value === 1;
  return value;
}

// JSON null for a field that admits no null keeps its long-standing meaning of "empty": "" for text, false for
// a switch. Numbers get no such default (null is not a number, nor an id): see coerceProperties.
function coerceNull(types: Set<string>): unknown {
  if (types.has('null')) return null;
  if (types.has('string')) return '';
  if (types.has('boolean')) return false;
  return null;
}
