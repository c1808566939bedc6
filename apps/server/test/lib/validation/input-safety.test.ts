import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  findUnsafeInput,
  jsonDepthExceeds,
  MAX_INPUT_DEPTH,
} from '../../../src/lib/validation/input-safety.js';
import { INT32_MAX, INT32_MIN, withDefaultBounds } from '../../../src/lib/validation/numeric-bounds.js';

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('findUnsafeInput', () => {
  it('finds a NUL or a lone surrogate anywhere, naming the field', () => {
    expect(findUnsafeInput({ name: 'a\u0000b' }, 'body')?.field).toBe('name');
    expect(findUnsafeInput({ a: { b: ['ok', '\ud800'] } }, 'body')?.field).toBe('a.b.1');
    expect(findUnsafeInput({ x: 'tail\udc00' }, 'query')?.field).toBe('x');
    expect(findUnsafeInput({ 'k\u0000': 1 }, 'body')?.field).toBe('k\u0000');
  });

  it('accepts well-formed text, including characters outside the basic plane', () => {
    expect(findUnsafeInput({ name: 'Café 😀 中文', list: [1, null, true] }, 'body')).toBeNull();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    expect(findUnsafeInput({ a: nested(MAX_INPUT_DEPTH - 2) }, 'body')).toBeNull();
    expect(findUnsafeInput({ a: nested(MAX_INPUT_DEPTH + 1) }, 'body')?.message).toMatch(/nested deeper/);
    expect(findUnsafeInput(nested(200_000), 'body')).not.toBeNull();
  });

  it('does not walk binary bodies', () => {
    expect(findUnsafeInput(Buffer.from([0, 0, 0]), 'body')).toBeNull();
  });
});

describe('jsonDepthExceeds', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds('{"a":[1,2,{"b":"[[[[["}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(5000) + ']'.repeat(5000))).toBe(true);
  });
});

describe('withDefaultBounds', () => {
  it('bounds integers to PostgreSQL integer and numbers to safe integers, unless the schema says otherwise', () => {
    const schema = withDefaultBounds(
      Type.Object({
        id: Type.Integer(),
        page: Type.Integer({ minimum: 1, maximum: 1000 }),
        size: Type.Integer({ maximum: 2 ** 40 }),
        ratio: Type.Number(),
        list: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
      }),
    ) as unknown as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.id).toMatchObject({ minimum: INT32_MIN, maximum: INT32_MAX });
    expect(schema.properties.page).toMatchObject({ minimum: 1, maximum: 1000 });
    expect(schema.properties.size).toMatchObject({ minimum: INT32_MIN, maximum: 2 ** 40 });
    expect(schema.properties.ratio).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER });
    expect(schema.properties.list).toMatchObject({
      items: { anyOf: [{ maximum: INT32_MAX }, { type: 'null' }] },
    });
  });

  it('leaves the route schema itself untouched (the OpenAPI document shows what the route declared)', () => {
    const original = Type.Object({ id: Type.Integer() });
    withDefaultBounds(original);
    expect(original.properties.id).not.toHaveProperty('maximum');
  });
});
