import {
  admittedTypes,
  alternatives,
  isSchema,
  type JsonSchema,
} from '../../src/lib/validation/json-schema.js';

/** One declared top-level field of a route's query string, body or path parameters. */
export interface RouteField {
  part: 'querystring' | 'body' | 'params';
  name: string;
  /** The field (or the items of its array) is an integer: non-canonical spellings must be refused. */
  integer: boolean;
}

/** The declared top-level fields of a route's schema parts. */
export function fieldsOf(schema: { querystring?: unknown; body?: unknown; params?: unknown }): RouteField[] {
  const fields: RouteField[] = [];
  for (const part of ['querystring', 'body', 'params'] as const) {
    const partSchema = schema[part];
    if (!isSchema(partSchema)) continue;
    const seen = new Set<string>();
    for (const option of alternatives(partSchema as JsonSchema)) {
      for (const [name, field] of Object.entries(option.properties ?? {})) {
        if (seen.has(name)) continue;
        seen.add(name);
        const options = alternatives(field);
        const items = options.flatMap((o) => (isSchema(o.items) ? alternatives(o.items) : []));
        const types = admittedTypes([...options, ...items]);
        fields.push({
          part,
          name,
          integer: types.has('integer') && !types.has('string') && !types.has('number'),
        });
      }
    }
  }
  return fields;
}

/** Spellings of 1, 16 and 2 that are not canonical decimal integers, or not integers at all: always a 400. */
export const INTEGER_SPELLINGS_REFUSED: unknown[] = [
  ' 1 ',
  '0x10',
  '2e0',
  '2.0',
  true,
  2.5,
  'Infinity',
  1e308,
  '9'.repeat(400),
];

/** A deterministic pseudo-random source (mulberry32), so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function randomText(random: () => number): string {
  const length = Math.floor(random() * 40);
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(Math.floor(random() * 0xffff));
  return text;
}

/** How many malformed values each field gets, drawn by the seeded source (all of them would take minutes). */
export const VALUES_PER_FIELD = 4;

/**
 * Malformed values for one field, {@link VALUES_PER_FIELD} of: wrong types, extremes, characters no database
 * takes, deep nesting, random text.
 */
export function junkValues(field: RouteField, random: () => number): unknown[] {
  const values = allJunkValues(field, random);
  const picked: unknown[] = [];
  while (picked.length < VALUES_PER_FIELD && values.length > 0) {
    picked.push(values.splice(Math.floor(random() * values.length), 1)[0]);
  }
  return picked;
}

function allJunkValues(field: RouteField, random: () => number): unknown[] {
  const values: unknown[] = ['abc', true, null, -1e308, 2 ** 53, 'a\u0000b', '\ud800', randomText(random)];
  if (field.part === 'body') values.push({}, nested(100), ['a', 1]);
  if (field.part === 'querystring') values.push(['1', 'x'], '-1');
  return values;
}

/** A broken body with its headers, for every route that takes a body. */
export interface BrokenBody {
  label: string;
  headers: Record<string, string>;
  payload: string;
}

const deepJson = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;

/** Bodies no route can take: broken multipart, wrong content types, invalid or too deep JSON, NUL in a form. */
export function brokenBodies(): BrokenBody[] {
  const part =
    '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
  return [
    {
      label: 'multipart without boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'abc',
    },
    {
      label: 'multipart with another boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=Y' },
      payload: `${part}data\r\n--X--\r\n`,
    },
    {
      label: 'truncated multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=X' },
      payload: `${part}dat`,
    },
    {
      label: 'multipart headers only',
      headers: { 'content-type': 'multipart/form-data; boundary=X' },
      payload: '--X\r\nContent-Disposition: form-data; name="file"',
    },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { label: 'application/xml', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    { label: 'invalid JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    { label: 'JSON array', headers: { 'content-type': 'application/json' }, payload: '[1,2]' },
    { label: 'JSON string', headers: { 'content-type': 'application/json' }, payload: '"x"' },
    { label: 'empty JSON', headers: { 'content-type': 'application/json' }, payload: '' },
    { label: 'deep JSON', headers: { 'content-type': 'application/json' }, payload: deepJson },
    {
      label: 'proto JSON',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1}}',
    },
    {
      label: 'form with NUL',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a%00b&id=1',
    },
    {
      label: 'form with coerced id',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=0x10&ids=%201%20',
    },
  ];
}
