import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { compiledBySchema } from './compiled-by-schema.js';
import type { JsonSchema } from './json-schema.js';
import { withDefaultBounds } from './numeric-bounds.js';
import { coerceStrictly } from './strict-coercion.js';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type ValidatorFactory = CompilersFactory['buildValidator'];
type SerializerFactory = CompilersFactory['buildSerializer'];

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
 * Each distinct schema compiles once per process ({@link compiledBySchema}), on its route's first request.
 */
export function strictValidatorFactory(): ValidatorFactory {
  const pool = AjvCompiler();
  const factory = (externalSchemas: Record<string, unknown>, options?: { customOptions?: object }) => {
    const ajvOptions = { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } };
    const compileRoute = pool(externalSchemas as never, ajvOptions) as unknown as (
      route: RouteSchema,
    ) => AjvValidate;
    // Ajv compiles from the schema alone (not the route's method, URL or part).
    const compile = compiledBySchema(
      `ajv ${JSON.stringify([externalSchemas, ajvOptions])}`,
      (schema: JsonSchema) => compileRoute({ schema, method: '', url: '', httpPart: '' }),
    );
    return (route: RouteSchema) => {
      const schema = withDefaultBounds(route.schema);
      // Compiled on the route's first request, not at start-up (compiling them all took ≈ 1 s of every
      // start); the route-walking tests send every route a request, so a schema Ajv refuses still fails there.
      let validate: AjvValidate | undefined;
      const check = (data: unknown) => {
        validate ??= compile(schema);
        const coerced = coerceStrictly(schema, data);
        const valid = validate(coerced);
        check.errors = validate.errors;
        if (!valid) return false;
        return coerced === data ? true : { value: coerced };
      };
      check.errors = null as unknown[] | null | undefined;
      /** Compiles now (`test/lib/validation/schema-compilers.test.ts` compiles every route's schemas up front). */
      check.compile = () => void (validate ??= compile(schema));
      return check;
    };
  };
  return factory as unknown as ValidatorFactory;
}

/**
 * Fastify's serializer factory (fast-json-stringify), compiling each response schema once per process, on
 * its first use.
 */
export function sharedSerializerFactory(): SerializerFactory {
  const pool = SerializerSelector();
  const factory = (externalSchemas: Record<string, unknown>, options?: object) => {
    const compileRoute = pool(externalSchemas as never, options as never);
    const compile = compiledBySchema(
      `fjs ${JSON.stringify([externalSchemas, options])}`,
      (schema: JsonSchema) => compileRoute({ schema } as never),
    );
    // Compiled on the first answer that uses it, not at start-up (as the validators are).
    return (route: { schema: JsonSchema }) => {
      let serialize: ((data: unknown) => string) | undefined;
      const compileNow = () => (serialize ??= compile(route.schema) as (data: unknown) => string);
      return Object.assign((data: unknown) => compileNow()(data), { compile: () => void compileNow() });
    };
  };
  return factory as unknown as SerializerFactory;
}
