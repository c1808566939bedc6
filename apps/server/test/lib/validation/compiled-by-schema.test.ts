import { describe, expect, it } from 'vitest';
import { compiledBySchema } from '../../../src/lib/validation/compiled-by-schema.js';

describe('compiledBySchema', () => {
  it('compiles each schema text once per scope, and apart from other texts and scopes', () => {
    const compiled: string[] = [];
    const make = (scope: string) =>
      compiledBySchema(scope, (schema: object) => {
        compiled.push(`${scope} ${JSON.stringify(schema)}`);
        return () => JSON.stringify(schema);
      });
    const first = make('test-scope-a');
    const again = make('test-scope-a');
    const other = make('test-scope-b');
    const a = first({ type: 'integer', minimum: 1 });
    expect(again({ type: 'integer', minimum: 1 })).toBe(a);
    expect(first({ type: 'integer', minimum: 2 })).not.toBe(a);
    expect(other({ type: 'integer', minimum: 1 })).not.toBe(a);
    expect(compiled).toHaveLength(3);
  });
});
