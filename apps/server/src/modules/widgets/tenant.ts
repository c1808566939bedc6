import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { offices } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { pathIds } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';

/**
 * The tenant whose catalogue the caller works on: their tenant root office (platform, agent or
 * customer). The catalogue is the tenant's: every user of it with the widget permissions manages
 * the same one, whatever their data range.
 */
export function tenantOf(auth: AuthContext): number {
  const ids = pathIds(auth.tenantPath);
  return ids[ids.length - 1]!;
}

/**
 * SQL: the tenant root office of the office in `officeIdColumn` (the nearest platform, agent or
 * customer office at or above it) — a terminal's catalogue and data sources are its tenant's.
 */
export function tenantRootOf(officeIdColumn: AnyPgColumn | SQL): SQL<number | null> {
  return sql<number | null>`(select t.id from ${offices} o join ${offices} t
    on o.path like t.path || '%' and t.kind in ('platform', 'agent', 'customer')
    where o.id = ${officeIdColumn} order by length(t.path) desc limit 1)`;
}

/** 404 naming `field`: nothing of that id in the caller's catalogue (never saying whether it exists). */
export const notInCatalogue = (what: string, id: number, field = 'id') =>
  fieldError(404, field, `${field}: no ${what} ${id} in your catalogue`, 'notFound');

/** Postgres' unique-violation constraint name of an error (drivers nest it differently), or undefined. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return undefined;
}
