import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../src/lib/validation/json-schema.js';
import { coerceStrictly } from '../../../src/lib/validation/strict-coercion.js';

const schema = Type.Object({
  id: Type.Integer(),
  ids: Type.Optional(Type.Array(Type.Integer())),
  ratio: Type.Optional(Type.Number()),
  on: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String()),
  parentId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  officeId: Type.Optional(Type.Integer()),
  state: Type.Optional(Type.Enum(['1', '0'])),
  level: Type.Optional(Type.Literal(2)),
  nested: Type.Optional(Type.Object({ count: Type.Integer() })),
}) as unknown as JsonSchema;

/** Coerces `{ ...value }` with the test schema. */
const coerce = (value: Record<string, unknown>) =>
  coerceStrictly(schema, { ...value }) as Record<string, unknown>;

describe('coerceStrictly', () => {
  it('turns canonical decimal spellings into numbers', () => {
    expect(coerce({ id: '12' })).toEqual({ id: 12 });
    expect(coerce({ id: '-7' })).toEqual({ id: -7 });
    expect(coerce({ id: '0' })).toEqual({ id: 0 });
    expect(coerce({ id: 1, ratio: '0.25' })).toEqual({ id: 1, ratio: 0.25 });
  });

  it('leaves every other spelling of a number as it is, for validation to refuse', () => {
    for (const spelling of [
      ' 1 ',
      '0x10',
      '2e0',
      '2.0',
      '+1',
      '01',
      'Infinity',
      'NaN',
      '',
      '9'.repeat(400),
      '1_000',
    ]) {
      expect(coerce({ id: spelling }).id, spelling).toBe(spelling);
    }
    expect(coerce({ id: true }).id).toBe(true);
    expect(coerce({ id: 1, ratio: '1e308' }).ratio).toBe('1e308');
    expect(coerce({ id: 1, ratio: '.5' }).ratio).toBe('.5');
  });

  it('reads switches from true/false only', () => {
    expect(coerce({ id: 1, on: 'true' }).on).toBe(true);
    expect(coerce({ id: 1, on: 'false' }).on).toBe(false);
    expect(coerce({ id: 1, on: 'yes' }).on).toBe('yes');
    expect(coerce({ id: 1, on: 1 }).on).toBe(true);
  });

  it('makes a single query value a one-element list and coerces its items', () => {
    expect(coerce({ id: 1, ids: '5' }).ids).toEqual([5]);
    expect(coerce({ id: 1, ids: ['5', '6'] }).ids).toEqual([5, 6]);
    expect(coerce({ id: 1, ids: ['5', '0x6'] }).ids).toEqual([5, '0x6']);
  });

  it('keeps text as text, and spells a number given for text in decimal', () => {
    expect(coerce({ id: 1, name: '007' }).name).toBe('007');
    expect(coerce({ id: 1, name: 42 }).name).toBe('42');
  });

  it('matches enum and literal values by their own type', () => {
    expect(coerce({ id: 1, state: '1' }).state).toBe('1');
    expect(coerce({ id: 1, level: '2' }).level).toBe(2);
    expect(coerce({ id: 1, level: '02' }).level).toBe('02');
  });

  it('treats JSON null as "not given" for an optional number, and as null where null is allowed', () => {
    expect(coerce({ id: 1, officeId: null })).toEqual({ id: 1 });
    expect(coerce({ id: 1, parentId: null })).toEqual({ id: 1, parentId: null });
    expect(coerce({ id: null })).toEqual({ id: null });
    expect(coerce({ id: 1, name: null }).name).toBe('');
  });

  it('treats an empty form field as "not given" for an optional non-text field, and keeps it for text', () => {
    expect(coerce({ id: 1, officeId: '', on: '' })).toEqual({ id: 1 });
    expect(coerce({ id: '' })).toEqual({ id: '' });
    expect(coerce({ id: 1, name: '' })).toEqual({ id: 1, name: '' });
  });

  it('coerces nested objects', () => {
    expect(coerce({ id: 1, nested: { count: '3' } }).nested).toEqual({ count: 3 });
    expect(coerce({ id: 1, nested: { count: '3.0' } }).nested).toEqual({ count: '3.0' });
  });
});
