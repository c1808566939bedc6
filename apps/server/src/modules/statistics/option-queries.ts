import {
  STATS_OPTIONS_DEFAULT,
  type StatsOptionKind,
  type StatsOptionQuery,
  type StatsOptions,
} from '@apm/contract';
import { and, asc, ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { materials, plans, programs, terminals } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike, materialReadable } from '../materials/material-queries.js';
import { planScope } from '../plans/plan-queries.js';
import { programScope } from '../programs/program-queries.js';
import { claimedInScope } from '../terminals/terminal-scope.js';
import { checkScope } from './stats-scope.js';

/** What each picker lists from: its table, id, name and office columns, and who may see a row. */
interface OptionSource {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  officeId: AnyPgColumn;
  visible(auth: AuthContext): SQL;
}

const SOURCES: Record<StatsOptionKind, OptionSource> = {
  // Claimed terminals of the range (pending ones have no plays and no office).
  terminals: {
    table: terminals,
    id: terminals.id,
    name: terminals.name,
    officeId: terminals.officeId,
    visible: claimedInScope,
  },
  // Programs of the range (the creator's own for the `self` range), as the program list shows them.
  programs: {
    table: programs,
    id: programs.id,
    name: programs.name,
    officeId: programs.officeId,
    visible: programScope,
  },
  // Materials of the range and the platform's shared ones, which the range's programs may play.
  materials: {
    table: materials,
    id: materials.id,
    name: materials.name,
    officeId: materials.officeId,
    visible: materialReadable,
  },
  // Play plans of the range (the creator's own for the `self` range), as the plan list shows them.
  plans: {
    table: plans,
    id: plans.id,
    name: plans.name,
    officeId: plans.officeId,
    visible: planScope,
  },
};

/**
 * The options of the statistics pickers: terminals, programs, materials or plans the caller may see (their
 * tenant and data range, and the office asked for and below: 404 naming `officeId` outside the range),
 * whose name holds `keyword`, by name, at most `limit`; `more` when others match too.
 */
export async function statsOptions(
  db: Database,
  auth: AuthContext,
  kind: StatsOptionKind,
  q: StatsOptionQuery,
): Promise<StatsOptions> {
  const source = SOURCES[kind];
  const scope = await checkScope(db, auth, { officeId: q.officeId });
  const limit = q.limit ?? STATS_OPTIONS_DEFAULT;
  const conds: SQL[] = [source.visible(auth)];
  if (scope.officePath) conds.push(officesUnder(source.officeId, scope.officePath));
  const keyword = q.keyword?.trim();
  if (keyword) conds.push(ilike(source.name, `%${escapeLike(keyword)}%`));
  const rows = (await db
    .select({ id: source.id, name: source.name })
    .from(source.table)
    .where(and(...conds))
    .orderBy(asc(source.name), asc(source.id))
    .limit(limit + 1)) as { id: number; name: string }[];
  return { list: rows.slice(0, limit), more: rows.length > limit };
}
