import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { JsonSchema } from './json-schema.js';
import { withDefaultBounds } from './numeric-bounds.js';
import { coerceStrictly } from './strict-coercion.js';

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

/** What Fastify hands the compiler for each route part. */
interface RouteSchema {
  schema: JsonSchema;
  method: string;
  url: string;
  httpPart: string;
}

interface AjvValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/**
 * Fastify's validator factory with our input rules on every route: Ajv without its lenient type coercion
 * (`" 1 "`, `"0x10"`, `"2e0"`, `true` → 1), our canonical coercion instead ({@link coerceStrictly}), and
 * default bounds on every number ({@link withDefaultBounds}). Routes keep declaring plain TypeBox schemas.
 */
export function strictValidatorFactory(): ValidatorFactory {
  const pool = AjvCompiler();
  const factory = (externalSchemas: Record<string, unknown>, options?: { customOptions?: object }) => {
    const compile = pool(externalSchemas as never, {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    }) as unknown as (route: RouteSchema) => AjvValidate;
    return (route: RouteSchema) => {
      const schema = withDefaultBounds(route.schema);
      const validate = compile({ ...route, schema });
      const check = (data: unknown) => {
        const coerced = coerceStrictly(schema, data);
        const valid = validate(coerced);
        check.errors = validate.errors;
        if (!valid) return false;
        return coerced === data ? true : { value: coerced };
      };
      check.errors = null as unknown[] | null | undefined;
      return check;
    };
  };
  return factory as unknown as ValidatorFactory;
}
