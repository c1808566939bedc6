import { ERRORS, MemoryLocker, type Lock, type Locker } from '@tus/server';
import { LockTimeout, type AdvisoryLocks, type Release } from '../../../cluster/advisory-locks.js';

/**
 * The lock of tus uploads (one request at a time per upload, a newer PATCH making an older one
 * stop): across instances on PostgreSQL, so that an upload resumed through another instance is
 * still written by one request at a time; `@tus/server`'s in-process locker otherwise.
 */
export function uploadLocker(locks: AdvisoryLocks): Locker {
  if (!locks.shared) return new MemoryLocker();
  return {
    newLock(id: string): Lock {
      let release: Release | null = null;
      return {
        async lock(signal, requestRelease) {
          try {
            release = await locks.acquire(`tus:${id}`, { signal, onRequestRelease: requestRelease });
          } catch (err) {
            throw err instanceof LockTimeout || signal.aborted ? ERRORS.ERR_LOCK_TIMEOUT : err;
          }
        },
        async unlock() {
          await release?.();
          release = null;
        },
      };
    },
  };
}
