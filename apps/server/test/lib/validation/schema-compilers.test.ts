import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  sharedSerializerFactory,
  strictValidatorFactory,
} from '../../../src/lib/validation/schema-compilers.js';
import { createTestApp } from '../../helpers/app.js';

/** What the factories hand back: a check or a serializer that can also be compiled on demand. */
interface Compilable {
  compile(): void;
}

const validatorOf = (schema: unknown) =>
  (strictValidatorFactory() as unknown as (ext: object, opts: object) => (route: object) => Compilable)(
    {},
    { customOptions: { allErrors: true } },
  )({ schema, method: 'POST', url: '/', httpPart: 'body' });
const serializerOf = (schema: unknown) =>
  (sharedSerializerFactory() as unknown as (ext: object, opts: object) => (route: object) => Compilable)(
    {},
    {},
  )({ schema });

describe('schema compilers', () => {
  it('compile a schema on first use, not when the route is registered', () => {
    // Not valid for Ajv: only compiling finds out.
    const broken = { type: 'integer', minimum: 'one' };
    const check = validatorOf(broken) as unknown as ((data: unknown) => boolean) & Compilable;
    expect(() => check(1)).toThrow();
    expect(() => validatorOf(broken).compile()).toThrow();
    const valid = validatorOf({ type: 'object', properties: { id: { type: 'integer' } } }) as unknown as ((
      data: unknown,
    ) => boolean) &
      Compilable;
    expect(valid({ id: 1 })).toBe(true);
    expect(valid({ id: 'x' })).toBe(false);
    const serialize = serializerOf({
      type: 'object',
      properties: { id: { type: 'integer' } },
    }) as unknown as ((data: unknown) => string) & Compilable;
    expect(serialize({ id: 2, secret: 'x' })).toBe('{"id":2}');
  });

  // Start-up no longer compiles the schemas, so this does it for every route: a schema Ajv or
  // fast-json-stringify refuses fails here rather than on the route's first request.
  it("compiles every route's request and response schemas", async () => {
    const routes: RouteOptions[] = [];
    const t = await createTestApp({}, { onRoute: (route: RouteOptions) => void routes.push(route) });
    try {
      let compiled = 0;
      for (const route of routes) {
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
          if (schema[part] === undefined) continue;
          expect(() => validatorOf(schema[part]).compile(), `${route.url} ${part}`).not.toThrow();
          compiled++;
        }
        for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
          expect(() => serializerOf(response).compile(), `${route.url} ${status}`).not.toThrow();
          compiled++;
        }
      }
      expect(routes.length).toBeGreaterThan(300);
      expect(compiled).toBeGreaterThan(routes.length);
    } finally {
      await t.close();
    }
  }, 120_000);
});
