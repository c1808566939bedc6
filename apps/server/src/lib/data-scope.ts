import { eq, like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { offices } from '../db/schema/index.js';
import type { AuthContext } from '../modules/auth/session-service.js';

/** Escapes `%`, `_` and `\` for a LIKE prefix match. */
const likePrefix = (path: string) => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The one tenancy and data-range rule every query uses: a condition on a row's office id
 * (and, for the `self` range, its owner) limiting it to what the caller may see.
 *
 * - `all`: everything under the caller's tenant root (platform, agent or customer office);
 * - `officeAndBelow`: the caller's office and its subtree;
 * - `office`: the caller's office only;
 * - `self`: rows the caller owns (`ownerColumn`), or their office when the table has no owner.
 *
 * A tenant never reaches outside its root whatever the range, because every range is a subtree
 * of the caller's own office path, which lies under the tenant root.
 */
export function dataScope(auth: AuthContext, officeIdColumn: AnyPgColumn, ownerColumn?: AnyPgColumn): SQL {
  switch (auth.dataRange) {
    case 'all':
      return officesUnder(officeIdColumn, auth.tenantPath);
    case 'officeAndBelow':
      return officesUnder(officeIdColumn, auth.officePath);
    case 'office':
      return eq(officeIdColumn, auth.officeId);
    case 'self':
      return ownerColumn ? eq(ownerColumn, auth.userId) : eq(officeIdColumn, auth.officeId);
  }
}

/** A condition: the office id lies in the subtree at `path`. */
export function officesUnder(officeIdColumn: AnyPgColumn, path: string): SQL {
  return sql`${officeIdColumn} in (select ${offices.id} from ${offices} where ${like(offices.path, likePrefix(path))})`;
}

/** Whether an office path lies in the caller's tenant (for checks on single records). */
export function isInTenant(auth: AuthContext, officePath: string): boolean {
  return officePath.startsWith(auth.tenantPath);
}
