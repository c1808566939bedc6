import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminals, type TerminalState } from '../../db/schema/index.js';
import { intArray } from '../../terminal/sql.js';
import { dataScope } from '../../lib/data-scope.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { isPlatformUser } from '../dictionary/service.js';
import { fieldError } from '../users/user-access.js';

/** Most terminals one call may address (a command to every terminal of a large customer). */
export const MAX_TERMINAL_IDS = 10_000;
const MAX_ID = 2_147_483_647;

/** Claimed terminals the caller may see: the one data-range rule on the terminal's office. */
export const claimedInScope = (auth: AuthContext): SQL =>
  and(eq(terminals.state, 'claimed'), dataScope(auth, terminals.officeId))!;

/**
 * Terminals the caller may see. Pending terminals belong to no office yet: only platform users
 * with the range `all` see them (a tenant claims its own by the code shown on the screen).
 */
export async function terminalScope(db: Database, auth: AuthContext): Promise<SQL> {
  if (await seesPending(db, auth)) {
    return or(and(eq(terminals.state, 'pending'), isNull(terminals.officeId)), claimedInScope(auth))!;
  }
  return claimedInScope(auth);
}

/** Whether the caller sees terminals waiting to be claimed. */
export async function seesPending(db: Database, auth: AuthContext): Promise<boolean> {
  return auth.dataRange === 'all' && (await isPlatformUser(db, auth));
}

/** The terminals in scope among `ids`, or 404 naming `field` and the ids that are not (all or nothing). */
export async function terminalsInScope(
  db: Database,
  auth: AuthContext,
  ids: number[],
  field = 'terminalIds',
): Promise<(typeof terminals.$inferSelect)[]> {
  if (!ids.length) throw fieldError(400, field, `${field} must name at least one terminal`);
  const rows = await db
    .select()
    .from(terminals)
    .where(and(inArray(terminals.id, ids), await terminalScope(db, auth)));
  assertAllFound(ids, rows, field);
  return rows;
}

/**
 * Like {@link terminalsInScope}, reading only id and state with the ids as one array parameter:
 * a command to ten thousand terminals resolves them in one cheap statement.
 */
export async function terminalStatesInScope(
  db: Database,
  auth: AuthContext,
  ids: number[],
  field = 'terminalIds',
): Promise<{ id: number; state: TerminalState }[]> {
  if (!ids.length) throw fieldError(400, field, `${field} must name at least one terminal`);
  const rows = await db
    .select({ id: terminals.id, state: terminals.state })
    .from(terminals)
    .where(and(sql`${terminals.id} = any(${intArray(ids)})`, await terminalScope(db, auth)));
  assertAllFound(ids, rows, field);
  return rows;
}

/** 404 naming `field` and the ids not among `rows` (all or nothing). */
function assertAllFound(ids: number[], rows: readonly { id: number }[], field: string): void {
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const shown = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ', …' : '');
    throw new AppError(404, `${field}: no terminal ${shown} in your scope`, 'notFound', {
      fields: { [field]: `no terminal ${shown} in your scope` },
    });
  }
}

/**
 * Distinct terminal ids from a JSON array or a comma-joined string (form bodies); 400 naming
 * `field` on anything else or on more than {@link MAX_TERMINAL_IDS}.
 */
export function parseTerminalIds(value: number[] | string | undefined, field = 'terminalIds'): number[] {
  if (value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(',').map((p) => p.trim()) : value;
  if (typeof value === 'string' && value.trim() === '') return [];
  const ids = parts.map((p) => (typeof p === 'number' ? p : /^[0-9]{1,10}$/.test(p) ? Number(p) : NaN));
  if (!ids.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID)) {
    throw fieldError(400, field, `${field} must be positive integers (a list or comma-joined)`);
  }
  const unique = [...new Set(ids)];
  if (unique.length > MAX_TERMINAL_IDS) {
    throw badRequest(`${field} may name at most ${MAX_TERMINAL_IDS} terminals`, 'validation', {
      fields: { [field]: `at most ${MAX_TERMINAL_IDS}` },
    });
  }
  return unique;
}
