import type { HomeDashboard } from '@apm/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { playOfficeHourly } from '../../db/schema/index.js';
import { ALL_SUBJECTS } from '../statistics/play-rollup-reads.js';
import { dataScope } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';

/** Kinds that count as a play on the dashboard (scenes, items and widgets are parts of those). */
const PLAY_KINDS = ['program', 'message'];

/**
 * Today's plays in the caller's data range, from the hourly roll-up: since local midnight in
 * `timeZone`, with a count per local hour. Reads at most 24 × terminals roll-up rows.
 */
export async function playsToday(
  db: Database,
  auth: AuthContext,
  timeZone: string,
): Promise<NonNullable<HomeDashboard['plays']>> {
  const midnight = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const localHour = sql<number>`extract(hour from ${playOfficeHourly.hour} at time zone ${timeZone})::int`;
  const rows = await db
    .select({
      hour: localHour,
      plays: sql<number>`sum(${playOfficeHourly.plays})::int`,
      ms: sql<number>`sum(${playOfficeHourly.durationMs})::bigint`,
    })
    .from(playOfficeHourly)
    .where(
      and(
        gte(playOfficeHourly.hour, midnight),
        inArray(playOfficeHourly.kind, PLAY_KINDS),
        dataScope(auth, playOfficeHourly.officeId),
        eq(playOfficeHourly.subjectId, ALL_SUBJECTS),
      ),
    )
    // By position: the time zone is a parameter, so the expression repeated would not match.
    .groupBy(sql`1`);
  const byHour = Array.from({ length: 24 }, () => 0);
  let plays = 0;
  let ms = 0;
  for (const row of rows) {
    const n = Number(row.plays);
    byHour[Number(row.hour)] = (byHour[Number(row.hour)] ?? 0) + n;
    plays += n;
    ms += Number(row.ms);
  }
  return { plays, seconds: Math.round(ms / 1000), byHour };
}
