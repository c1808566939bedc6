import {
  TIMELINE_MAX_DAYS,
  type PlanDocument,
  type TerminalTimeline,
  type TimelinePage,
  type TimelineSegment,
} from '@apm/contract';
import {
  resolverInput,
  resolveTimeline,
  segmentToIso,
  type ResolveInput,
  type TerminalSchedule,
} from '@apm/schedule';
import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import type { ProgramManifestService } from '../programs/manifest-service.js';
import { groupsWithDescendants, terminalScope, terminalsInScope } from '../programs/terminal-choice.js';
import { fieldError } from '../users/user-access.js';
import { checkPlanDocument } from './plan-document.js';
import { officeZone, zoneInput } from './time-zones.js';

const DAY_MS = 86_400_000;

/** A checked range `[from, to)` in epoch ms; 400 naming `to` when it is empty or longer than allowed. */
export function timelineRange(fromIso: string, toIso: string): { from: number; to: number } {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (Number.isNaN(from)) throw fieldError(400, 'from', 'from must be an ISO 8601 date-time');
  if (Number.isNaN(to)) throw fieldError(400, 'to', 'to must be an ISO 8601 date-time');
  if (to <= from) throw fieldError(400, 'to', 'to must be after from');
  if (to - from > TIMELINE_MAX_DAYS * DAY_MS)
    throw fieldError(400, 'to', `the range from–to may span at most ${TIMELINE_MAX_DAYS} days`);
  return { from, to };
}

/** Whose timeline: exactly one of a terminal, a group (and subgroups) or an office (and below). */
export interface TimelineTarget {
  terminalId?: number;
  groupId?: number;
  officeId?: number;
  pageNo: number;
  pageSize: number;
}

/** What `preview` takes: an unsaved document, read on a terminal (with its other plans) or in a zone. */
export interface PreviewInput {
  document: PlanDocument;
  planId?: number;
  terminalId?: number;
  timeZone?: string;
  from: string;
  to: string;
}

/** Stands for an unsaved plan in the resolver: after every saved one, as it will be once saved. */
const UNSAVED_PLAN_ID = 2_147_483_647;

/**
 * Timelines (`playPlan/timeline`, `playPlan/preview`): what plays where and when, resolved by the
 * shared resolver from exactly what each terminal's manifest holds, so that the player's own
 * resolution equals the server's.
 */
export class TimelineService {
  /** Resolved timelines by range and schedule key, least recently used first. */
  private readonly cache = new Map<string, TimelineSegment[]>();

  constructor(
    private readonly db: Database,
    private readonly manifest: ProgramManifestService,
    private readonly defaultZone: string,
  ) {}

  /** One terminal's timeline (`terminalId`), or one page of a group's or an office's terminals. */
  async timeline(
    auth: AuthContext,
    target: TimelineTarget,
    range: { from: string; to: string },
  ): Promise<TerminalTimeline | TimelinePage> {
    const given = (['terminalId', 'groupId', 'officeId'] as const).filter((k) => target[k] !== undefined);
    if (given.length !== 1) {
      const msg = given.length
        ? `give only one of terminalId, groupId, officeId (got ${given.join(', ')})`
        : 'give terminalId, groupId or officeId';
      throw fieldError(400, given[1] ?? 'terminalId', msg);
    }
    const { from, to } = timelineRange(range.from, range.to);
    if (target.terminalId !== undefined) {
      await terminalsInScope(this.db, auth, [target.terminalId], 'terminalId');
      return (await this.timelinesOf([target.terminalId], from, to))[0]!;
    }
    const conds: SQL[] = [terminalScope(auth)];
    if (target.groupId !== undefined)
      conds.push(
        inArray(terminals.groupId, await groupsWithDescendants(this.db, auth, [target.groupId], 'groupId')),
      );
    else
      conds.push(
        officesUnder(
          terminals.officeId,
          (await officeInScope(this.db, auth, target.officeId!, 'officeId')).path,
        ),
      );
    const where = and(...conds);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(terminals)
      .where(where);
    const page = await this.db
      .select({ id: terminals.id })
      .from(terminals)
      .where(where)
      .orderBy(asc(terminals.name), asc(terminals.id))
      .limit(target.pageSize)
      .offset((target.pageNo - 1) * target.pageSize);
    return {
      list: await this.timelinesOf(
        page.map((r) => r.id),
        from,
        to,
      ),
      count: Number(total?.n ?? 0),
      pageNo: target.pageNo,
      pageSize: target.pageSize,
    };
  }

  /**
   * Timelines of terminals over `[from, to)`, in the order given. Terminals with the same schedule
   * (zone, plans and programs at their revisions) share one resolution, kept across calls for the
   * same range: a fleet has few distinct plan sets.
   */
  async timelinesOf(ids: readonly number[], from: number, to: number): Promise<TerminalTimeline[]> {
    const schedules = await this.manifest.schedules(ids);
    return ids.flatMap((id) => {
      const found = schedules.get(id);
      if (!found) return [];
      const key = `${from}|${to}|${scheduleKey(found.schedule)}`;
      let segments = this.cache.get(key);
      if (segments) {
        // Most recently used last: the oldest goes first when the cache is full.
        this.cache.delete(key);
      } else {
        segments = resolveTimeline(resolverInput(found.schedule, from, to)).map(segmentToIso);
        if (this.cache.size >= TIMELINE_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      }
      this.cache.set(key, segments);
      return [
        {
          terminalId: id,
          terminalName: found.terminal.name,
          timeZone: found.schedule.timeZone,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          segments,
        },
      ];
    });
  }

  /**
   * The timeline an unsaved document gives: on a terminal, in its zone (or `timeZone`) with its other
   * plans (the saved version of `planId` left out); else alone, in `timeZone` or the caller's office's.
   */
  async preview(auth: AuthContext, input: PreviewInput) {
    const zone = zoneInput(input.timeZone);
    const { from, to } = timelineRange(input.from, input.to);
    let base: ResolveInput = { plans: [], programMs: new Map(), timeZone: this.defaultZone, from, to };
    let terminal: { terminalId: number; terminalName: string } | null = null;
    if (input.terminalId !== undefined) {
      await terminalsInScope(this.db, auth, [input.terminalId], 'terminalId');
      const found = (await this.manifest.schedules([input.terminalId])).get(input.terminalId);
      if (!found)
        throw fieldError(
          404,
          'terminalId',
          `No claimed terminal ${input.terminalId} in your scope`,
          'notFound',
        );
      base = resolverInput(found.schedule, from, to);
      terminal = { terminalId: found.terminal.id, terminalName: found.terminal.name };
    } else {
      base.timeZone = await officeZone(this.db, auth.officePath, this.defaultZone);
    }
    const timeZone = zone ?? base.timeZone;
    const checked = await checkPlanDocument(this.db, auth, input.document, timeZone);
    const planId = input.planId ?? UNSAVED_PLAN_ID;
    const segments = resolveTimeline({
      ...base,
      timeZone,
      plans: [...base.plans.filter((p) => p.id !== planId), { id: planId, document: input.document }],
      programMs: new Map([...checked.programMs, ...base.programMs]),
    }).map((s) => (input.planId === undefined ? unsavedAsNull(s) : s));
    return {
      ...(terminal ?? {}),
      timeZone,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      segments: segments.map(segmentToIso),
    };
  }
}

/** Segments of the unsaved plan name no plan id. */
function unsavedAsNull<T extends { planId: number | null; hides: { planId: number | null }[] }>(s: T): T {
  const fix = (id: number | null) => (id === UNSAVED_PLAN_ID ? null : id);
  return { ...s, planId: fix(s.planId), hides: s.hides.map((h) => ({ ...h, planId: fix(h.planId) })) };
}

/** What makes two terminals' timelines equal: the same zone, plans and published programs. */
function scheduleKey(schedule: TerminalSchedule): string {
  return JSON.stringify([
    schedule.timeZone,
    schedule.plans.map((p) => [p.id, p.revision]),
    schedule.programs.map((p) => [p.id, p.revision, p.published, p.startAt ?? null, p.endAt ?? null]),
  ]);
}

/** Distinct (range, schedule) timelines kept: a console paging through a fleet asks one range many times. */
const TIMELINE_CACHE_SIZE = 200;
