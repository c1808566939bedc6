import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { claimedInScope, terminalsInScope } from '../terminals/terminal-scope.js';
import { intArray } from '../../terminal/sql.js';

/** What a statistics call is narrowed to beyond the caller's data range (checked: in range, else 404). */
export interface StatsScope {
  auth: AuthContext;
  /** Path of the office (and below) asked for. */
  officePath?: string;
  /** The one terminal asked for. */
  terminalId?: number;
  /** The terminals asked for (those outside the range already dropped). */
  terminalIds?: number[];
}

/** Checks the office and terminal filters of a call: 404 naming `officeId` / `terminalId` outside the range. */
export async function checkScope(
  db: Database,
  auth: AuthContext,
  q: { officeId?: number; terminalId?: number },
): Promise<StatsScope> {
  const scope: StatsScope = { auth };
  if (q.officeId !== undefined)
    scope.officePath = (await officeInScope(db, auth, q.officeId, 'officeId')).path;
  if (q.terminalId !== undefined) {
    await terminalsInScope(db, auth, [q.terminalId], 'terminalId');
    scope.terminalId = q.terminalId;
  }
  return scope;
}

/**
 * Condition on a statistics row's office (as recorded at ingest) and terminal: the caller's range,
 * the office asked for and the terminal(s) asked for.
 */
export function rowScope(scope: StatsScope, officeColumn: AnyPgColumn, terminalColumn: AnyPgColumn): SQL {
  const conds: SQL[] = [dataScope(scope.auth, officeColumn)];
  if (scope.officePath) conds.push(officesUnder(officeColumn, scope.officePath));
  if (scope.terminalId !== undefined) conds.push(eq(terminalColumn, scope.terminalId));
  if (scope.terminalIds) conds.push(sql`${terminalColumn} = any(${intArray(scope.terminalIds)})`);
  return and(...conds)!;
}

/** Condition on the `terminals` table: claimed terminals of the range narrowed like {@link rowScope}. */
export function terminalRowScope(scope: StatsScope): SQL {
  const conds: SQL[] = [claimedInScope(scope.auth)];
  if (scope.officePath) conds.push(officesUnder(terminals.officeId, scope.officePath));
  if (scope.terminalId !== undefined) conds.push(eq(terminals.id, scope.terminalId));
  if (scope.terminalIds) conds.push(sql`${terminals.id} = any(${intArray(scope.terminalIds)})`);
  return and(...conds)!;
}

/** The terminals of {@link terminalRowScope} as a subquery of ids. */
export const scopedTerminalIds = (scope: StatsScope): SQL =>
  sql`(select ${terminals.id} from ${terminals} where ${terminalRowScope(scope)})`;
