import { RECONCILE_MAX_DAYS, type Reconcile, type ReconcileQuery } from '@apm/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  planPublications,
  plans,
  playEvents,
  programPublications,
  programs,
  terminalOnlinePeriods,
  terminals,
} from '../../db/schema/index.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import type { TimelineService } from '../plans/timeline-service.js';
import { planScope } from '../plans/plan-queries.js';
import { programScope } from '../programs/program-queries.js';
import { fieldError } from '../users/user-access.js';
import { reconcileTerminal, type ProgramSpan, type Span } from './reconcile-intervals.js';
import { checkPeriod } from './stats-period.js';
import { checkScope, terminalRowScope } from './stats-scope.js';

/** Most gaps listed per terminal (their seconds are all counted). */
const GAPS_LISTED = 100;
/** How far before the period an event may start and still overlap it (the longest play reported). */
const EVENT_LOOKBACK_MS = 86_400_000;

/** The campaign reconciled: a plan, or a program wherever it is scheduled. */
export interface Campaign {
  kind: 'plan' | 'program';
  id: number;
  name: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** ISO 8601 text with milliseconds of a timestamptz (what Date.parse reads on every engine). */
const isoMs = (expr: SQL | typeof playEvents.startedAt) =>
  sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const seconds = (ms: number) => ms / 1000;
const share = (played: number, scheduled: number) => (scheduled > 0 ? played / scheduled : null);

/**
 * Scheduled-vs-played reconciliation: the shared resolver's timeline of each terminal (as its manifest
 * holds it now) against the program events it reported, its online periods and when the content was
 * published to it. Reads raw events of one page of terminals over a bounded period.
 */
export class ReconcileService {
  constructor(
    private readonly db: Database,
    private readonly timelines: Pick<TimelineService, 'timelinesOf'>,
    private readonly defaultZone: string,
  ) {}

  /** The plan or program of a query in the caller's range; 400 naming planId unless exactly one is given, 404 outside the range. */
  async campaign(auth: AuthContext, q: { planId?: number; programId?: number }): Promise<Campaign> {
    if ((q.planId === undefined) === (q.programId === undefined))
      throw fieldError(400, 'planId', 'give either planId or programId');
    if (q.planId !== undefined) {
      const [row] = await this.db
        .select({ id: plans.id, name: plans.name })
        .from(plans)
        .where(and(eq(plans.id, q.planId), planScope(auth)));
      if (!row) throw fieldError(404, 'planId', `No plan ${q.planId} in your scope`, 'notFound');
      return { kind: 'plan', ...row };
    }
    const [row] = await this.db
      .select({ id: programs.id, name: programs.name })
      .from(programs)
      .where(and(eq(programs.id, q.programId!), programScope(auth)));
    if (!row) throw fieldError(404, 'programId', `No program ${q.programId} in your scope`, 'notFound');
    return { kind: 'program', ...row };
  }

  /** The terminals a campaign is published to (directly or through a plan), with the first publication. */
  private published(c: Campaign): SQL {
    if (c.kind === 'plan')
      return sql`select ${planPublications.terminalId} as terminal_id, ${planPublications.publishedAt} as published_at
        from ${planPublications} where ${planPublications.planId} = ${c.id}`;
    return sql`select terminal_id, min(published_at) as published_at from (
        select ${programPublications.terminalId} as terminal_id, ${programPublications.publishedAt} as published_at
          from ${programPublications} where ${programPublications.programId} = ${c.id}
        union all
        select ${planPublications.terminalId}, ${planPublications.publishedAt}
          from ${planPublications} join ${plans} on ${plans.id} = ${planPublications.planId}
          where ${plans.programIds} @> ${JSON.stringify([c.id])}::jsonb
      ) x group by terminal_id`;
  }

  /** One page of the campaign's terminals with scheduled and played time, gaps and reasons; totals of the page. */
  async reconcile(
    auth: AuthContext,
    q: ReconcileQuery,
    now = new Date(),
  ): Promise<Reconcile & { campaign: Campaign }> {
    const campaign = await this.campaign(auth, q);
    const period = await checkPeriod(
      this.db,
      auth,
      { ...q, granularity: 'day' },
      this.defaultZone,
      RECONCILE_MAX_DAYS,
    );
    const scope = await checkScope(this.db, auth, q);
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 20;
    const from = period.from.getTime();
    const until = Math.max(from, Math.min(period.to.getTime(), now.getTime()));
    const page = await queryRows<{ id: number; name: string; publishedAt: string; total: number }>(
      this.db,
      sql`with pub as (${this.published(campaign)})
        select ${terminals.id} as id, ${terminals.name} as name, ${isoMs(sql`pub.published_at`)} as "publishedAt", count(*) over ()::int as total
        from pub join ${terminals} on ${terminals.id} = pub.terminal_id
        where ${terminalRowScope(scope)}
        order by ${terminals.name} asc, ${terminals.id} asc
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
    );
    const ids = page.map((t) => t.id);
    const [timelines, events, online] = await Promise.all([
      until > from ? this.timelines.timelinesOf(ids, from, until) : Promise.resolve([]),
      this.events(ids, from, until),
      this.online(ids, from, until, now),
    ]);
    const scheduledOf = new Map(
      timelines.map((t) => [
        t.terminalId,
        t.segments
          .filter(
            (s) =>
              s.programId !== null &&
              (campaign.kind === 'plan' ? s.planId === campaign.id : s.programId === campaign.id),
          )
          .map((s): ProgramSpan => ({
            start: Date.parse(s.start),
            end: Date.parse(s.end),
            programId: s.programId,
          })),
      ]),
    );
    const totals = {
      scheduled: 0,
      played: 0,
      gaps: { notDelivered: 0, offline: 0, otherContent: 0, unknown: 0 },
    };
    const list = page.map((t) => {
      const r = reconcileTerminal({
        scheduled: scheduledOf.get(t.id) ?? [],
        played: events.get(t.id) ?? [],
        online: online.get(t.id) ?? [],
        publishedAt: t.publishedAt ? Date.parse(t.publishedAt) : null,
        from,
        until,
      });
      totals.scheduled += r.scheduledMs;
      totals.played += r.playedMs;
      for (const k of Object.keys(r.gapMs) as (keyof typeof r.gapMs)[]) totals.gaps[k] += r.gapMs[k];
      return {
        terminalId: t.id,
        name: t.name,
        scheduledSeconds: seconds(r.scheduledMs),
        playedSeconds: seconds(r.playedMs),
        share: share(r.playedMs, r.scheduledMs),
        gapSeconds: Object.fromEntries(Object.entries(r.gapMs).map(([k, v]) => [k, seconds(v)])),
        gaps: r.gaps
          .slice(0, GAPS_LISTED)
          .map((g) => ({ start: iso(g.start), end: iso(g.end), reason: g.reason })),
      };
    });
    return {
      campaign,
      from: iso(from),
      to: iso(until),
      scheduledSeconds: seconds(totals.scheduled),
      playedSeconds: seconds(totals.played),
      share: share(totals.played, totals.scheduled),
      gapSeconds: Object.fromEntries(Object.entries(totals.gaps).map(([k, v]) => [k, seconds(v)])),
      list,
      count: page[0]?.total ?? 0,
      pageNo,
      pageSize,
    };
  }

  /** Program play events of the terminals overlapping `[from, until)`, by terminal. */
  private async events(ids: number[], from: number, until: number): Promise<Map<number, ProgramSpan[]>> {
    const out = new Map<number, ProgramSpan[]>();
    if (!ids.length || until <= from) return out;
    const e = playEvents;
    const rows = await queryRows<{ terminalId: number; programId: number | null; start: string; ms: number }>(
      this.db,
      sql`select ${e.terminalId} as "terminalId", ${e.programId} as "programId", ${isoMs(e.startedAt)} as start, ${e.durationMs} as ms
        from ${e}
        where ${e.terminalId} = any(${intArray(ids)}) and ${e.kind} = 'program'
          and ${e.startedAt} >= ${iso(from - EVENT_LOOKBACK_MS)}::timestamptz and ${e.startedAt} < ${iso(until)}::timestamptz`,
    );
    for (const r of rows) {
      const start = Date.parse(r.start);
      const list = out.get(r.terminalId) ?? [];
      list.push({ start, end: start + Number(r.ms), programId: r.programId });
      out.set(r.terminalId, list);
    }
    return out;
  }

  /** Online periods of the terminals overlapping `[from, until)`, an open one lasting until now. */
  private async online(ids: number[], from: number, until: number, now: Date): Promise<Map<number, Span[]>> {
    const out = new Map<number, Span[]>();
    if (!ids.length) return out;
    const p = terminalOnlinePeriods;
    const rows = await this.db
      .select({ terminalId: p.terminalId, startedAt: p.startedAt, endedAt: p.endedAt })
      .from(p)
      .where(
        and(
          sql`${p.terminalId} = any(${intArray(ids)})`,
          sql`${p.startedAt} < ${iso(until)}::timestamptz`,
          sql`(${p.endedAt} is null or ${p.endedAt} > ${iso(from)}::timestamptz)`,
        ),
      )
      .orderBy(asc(p.terminalId), asc(p.startedAt));
    for (const r of rows) {
      const list = out.get(r.terminalId) ?? [];
      list.push({ start: r.startedAt.getTime(), end: (r.endedAt ?? now).getTime() });
      out.set(r.terminalId, list);
    }
    return out;
  }
}
