import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationBatches, offices, roles, users } from '../../db/schema/index.js';

/**
 * One reason an office may not be deleted: what still belongs to it, and how to count it.
 * Other domains (terminals, materials...) add theirs with {@link registerOfficeDeleteCheck}.
 */
export interface OfficeDeleteCheck {
  /** Machine-readable name of what blocks, e.g. `childOffices`, `users`, `terminals`. */
  key: string;
  /** English label for the refusal message, e.g. `child offices`. */
  label: string;
  /** How many such rows the office holds (inside the delete transaction). */
  count(db: Database, officeId: number): Promise<number>;
}

const countWhere = async (db: Database, run: (db: Database) => Promise<{ n: number }[]>) =>
  Number((await run(db))[0]?.n ?? 0);

/** The checks run before every office deletion; the first ones come with this module. */
export const OFFICE_DELETE_CHECKS: OfficeDeleteCheck[] = [
  {
    key: 'childOffices',
    label: 'child offices',
    count: (db, id) =>
      countWhere(db, (d) => d.select({ n: count() }).from(offices).where(eq(offices.parentId, id))),
  },
  {
    key: 'users',
    label: 'users',
    count: (db, id) =>
      countWhere(db, (d) => d.select({ n: count() }).from(users).where(eq(users.officeId, id))),
  },
  {
    key: 'roles',
    label: 'roles',
    count: (db, id) =>
      countWhere(db, (d) => d.select({ n: count() }).from(roles).where(eq(roles.officeId, id))),
  },
  {
    key: 'notificationBatches',
    label: 'notification batches',
    count: (db, id) =>
      countWhere(db, (d) =>
        d.select({ n: count() }).from(notificationBatches).where(eq(notificationBatches.officeId, id)),
      ),
  },
];

/** Adds a check (e.g. terminals of the office) run before every office deletion. */
export function registerOfficeDeleteCheck(check: OfficeDeleteCheck): void {
  if (!OFFICE_DELETE_CHECKS.some((c) => c.key === check.key)) OFFICE_DELETE_CHECKS.push(check);
}

/**
 * What blocks deleting an office: each non-zero check with its count. The checks run one after another:
 * `db` is the deletion's transaction, one connection, which takes one query at a time.
 */
export async function officeDeleteBlockers(
  db: Database,
  officeId: number,
): Promise<{ key: string; label: string; count: number }[]> {
  const found: { key: string; label: string; count: number }[] = [];
  for (const c of OFFICE_DELETE_CHECKS) {
    const n = await c.count(db, officeId);
    if (n > 0) found.push({ key: c.key, label: c.label, count: n });
  }
  return found;
}
