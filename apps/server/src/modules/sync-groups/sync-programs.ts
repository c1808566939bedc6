import { syncLoopOf, type SyncProgram } from '@apm/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programs } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { programScope } from '../programs/program-queries.js';

/** Filters and paging of the program choice. */
export interface SyncProgramQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
}

/**
 * One page of the approved programs of the caller's range by name (what publishing allows), each
 * with its canvas, its loop's length and whether it can be synchronized (no main scene waits for a touch).
 */
export async function pageSyncPrograms(db: Database, auth: AuthContext, q: SyncProgramQuery) {
  const word = q.keyword?.trim().toLowerCase();
  const where = and(
    programScope(auth),
    eq(programs.reviewState, 'approved'),
    word ? sql`lower(${programs.name}) like ${`%${escapeLike(word)}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: programs.id,
        name: programs.name,
        width: programs.width,
        height: programs.height,
        document: programs.document,
      })
      .from(programs)
      .where(where)
      .orderBy(asc(programs.name), asc(programs.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(programs)
      .where(where),
  ]);
  const list: SyncProgram[] = rows.map(({ document, ...r }) => {
    const loop = syncLoopOf(document);
    return { ...r, cycleMs: loop.cycleMs, syncable: loop.problem === null };
  });
  return { list, count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}
