import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every write call and every sign-in: who, from where, what (secrets masked), result and duration. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    /** Office of the acting user, for tenant-scoped log queries. */
    officeId: integer('office_id'),
    ip: text('ip'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    action: text('action').notNull(),
    /** Kind of entry (login, logout, create, update, delete, export, import, other), set on write. */
    type: text('type').notNull().default('other'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    status: integer('status').notNull(),
    code: integer('code').notNull(),
    msg: text('msg'),
    durationMs: integer('duration_ms').notNull(),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_logs_at_idx').on(t.at),
    index('audit_logs_user_idx').on(t.userId, t.at),
    index('audit_logs_office_id_idx').on(t.officeId, t.id),
    index('audit_logs_type_id_idx').on(t.type, t.id),
    // Failed entries by type, newest first: a type + failure filter reads only the failures of that type.
    index('audit_logs_failed_type_id_idx')
      .on(t.type, t.id)
      .where(sql`${t.status} >= 400`),
    index('audit_logs_user_id_idx').on(t.userId, t.id),
    // Trigram index (pg_trgm) for the path filter's `lower(path) LIKE '%q%'`: a path matching
    // nothing (or few entries) is answered from the index instead of scanning every row in scope.
    index('audit_logs_path_trgm_idx').using('gin', sql`lower(${t.path}) gin_trgm_ops`),
    // Sign-ins of unknown accounts (no user id) for the log's user filter.
    index('audit_logs_anonymous_idx')
      .on(t.id)
      .where(sql`${t.userId} is null`),
  ],
);
