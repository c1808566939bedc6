import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use instead of at start-up: for heavy dependencies that only some
 * requests or configurations need (PDF fonts, Redis, captchas). Every start of the server loaded them all,
 * ≈ 0.8 s of it; the answer is a getter that requires the package once and keeps it. Import the package's
 * types with `import type`.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
