import type { Database } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { logTypeOf } from '../logs/log-type.js';

/** One audit record. */
export type AuditEntry = typeof auditLogs.$inferInsert;

/**
 * Writes audit records without holding up responses; `flush` waits for pending writes
 * (graceful shutdown, tests).
 */
export class AuditService {
  private pending = new Set<Promise<void>>();

  constructor(private readonly db: Database) {}

  /** Queues a record; failures are reported to `onError`, never to the caller. */
  record(entry: AuditEntry, onError: (err: unknown) => void): void {
    const type = entry.type ?? logTypeOf(entry.action, entry.method, entry.params);
    const write = this.db
      .insert(auditLogs)
      .values({ ...entry, type })
      .then(() => undefined, onError)
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Waits until every queued record is written. */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
