/** The JSON Schema keywords our request walks read (TypeBox emits plain JSON Schema). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [keyword: string]: unknown;
}

/** Whether a value is a schema object (not `true`/`false` or a missing keyword). */
export function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schemas that may apply at one position: the schema itself and, through anyOf/oneOf/allOf, its branches. */
export function alternatives(schema: JsonSchema): JsonSchema[] {
  const out: JsonSchema[] = [schema];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const branch of schema[key] ?? []) if (isSchema(branch)) out.push(...alternatives(branch));
  }
  return out;
}

/** The JSON types a schema admits at one position (with `const`/`enum` values counted by their type). */
export function admittedTypes(options: JsonSchema[]): Set<string> {
  const types = new Set<string>();
  for (const option of options) {
    if (typeof option.type === 'string') types.add(option.type);
    else if (Array.isArray(option.type)) for (const type of option.type) types.add(type);
    const listed = option.const !== undefined ? [option.const] : (option.enum ?? []);
    for (const value of listed) types.add(value === null ? 'null' : typeof value);
  }
  return types;
}

/** The `const`/`enum` values a schema lists at one position. */
export function listedValues(options: JsonSchema[]): unknown[] {
  return options.flatMap((option) => (option.const !== undefined ? [option.const] : (option.enum ?? [])));
}
