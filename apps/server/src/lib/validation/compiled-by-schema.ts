/**
 * Compiled schema functions shared by every app of the process. Compiling the routes' validators and
 * serializers is most of an app's start (≈ 1 s); the server builds one app, but the tests and benchmarks
 * build hundreds in one process, each with the same schemas.
 */

/** Compiles through `compile` once per distinct schema text (and `scope`: what else the result depends on). */
export function compiledBySchema<S extends object, F>(
  scope: string,
  compile: (schema: S) => F,
): (schema: S) => F {
  return (schema) => {
    const key = `${scope}\n${JSON.stringify(schema)}`;
    let compiled = sharedCompiled.get(key) as F | undefined;
    if (compiled === undefined) {
      compiled = compile(schema);
      sharedCompiled.set(key, compiled);
    }
    return compiled;
  };
}

const sharedCompiled = new Map<string, unknown>();
