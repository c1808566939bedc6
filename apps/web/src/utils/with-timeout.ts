/** Promise time-outs. */

/** Time allowed for a script chunk to load (spec section 9). */
export const CHUNK_LOAD_TIMEOUT = 120_000;

/** Error thrown when a lazily loaded chunk does not arrive in time. */
export class ChunkLoadError extends Error {
  constructor(message = 'Loading a script chunk timed out') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Rejects with `onTimeout()` if `promise` has not settled after `ms` milliseconds. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
