import type {
  HeadCount,
  LoginActivity,
  OfficeInstant,
  OnlineTime,
  PlayDimension,
  PlayFilterQuery,
  PlaySummary,
  PlayTopQuery,
  ResourceCases,
  StartupRate,
  StatsPeriodBody,
  StatsPeriodQuery,
  TerminalCount,
  TerminalFigures,
  WidgetActivity,
  WidgetNumber,
} from '@apm/contract';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../auth/session-service.js';
import { parseTerminalIds } from '../terminals/terminal-scope.js';
import { officeZone, zoneInput } from '../plans/time-zones.js';
import { BehaviorStats } from './behavior-queries.js';
import { FleetStats } from './fleet-queries.js';
import { InstantStats } from './instant-queries.js';
import { PlayStats, playFilter } from './play-queries.js';
import { ResourceStats } from './resource-queries.js';
import { checkPeriod, type StatsPeriod } from './stats-period.js';
import { checkScope, type StatsScope } from './stats-scope.js';

/** Checks of every statistics call (period, zone, office and terminal filters), then the query. */
export class StatisticsService {
  readonly fleet: FleetStats;
  readonly behavior: BehaviorStats;
  readonly plays: PlayStats;
  readonly instant: InstantStats;
  readonly resources: ResourceStats;

  constructor(
    private readonly db: Database,
    /** The server's zone: the period's zone when neither the call nor the caller's offices name one. */
    private readonly defaultZone: string,
  ) {
    this.fleet = new FleetStats(db);
    this.behavior = new BehaviorStats(db);
    this.plays = new PlayStats(db);
    this.instant = new InstantStats(db);
    this.resources = new ResourceStats(db);
  }

  /** The checked period and scope of a call; 400 / 404 naming the field. */
  async prepare(auth: AuthContext, q: StatsPeriodQuery): Promise<{ scope: StatsScope; period: StatsPeriod }> {
    const period = await checkPeriod(this.db, auth, q, this.defaultZone);
    return { scope: await checkScope(this.db, auth, q), period };
  }

  async terminalCount(auth: AuthContext, q: { officeId?: number }): Promise<TerminalCount> {
    return this.fleet.terminalCount(await checkScope(this.db, auth, q));
  }

  async onlineTime(auth: AuthContext, q: StatsPeriodQuery): Promise<OnlineTime> {
    const { scope, period } = await this.prepare(auth, q);
    return this.fleet.onlineTime(scope, period);
  }

  async loginActivity(auth: AuthContext, q: StatsPeriodQuery): Promise<LoginActivity> {
    const { scope, period } = await this.prepare(auth, q);
    return this.behavior.loginActivity(scope, period);
  }

  async resourceCases(auth: AuthContext, q: { officeId?: number }): Promise<ResourceCases> {
    return this.resources.resourceCases(await checkScope(this.db, auth, q));
  }

  async widgetNumber(auth: AuthContext, q: { officeId?: number }): Promise<WidgetNumber> {
    return this.resources.widgetNumber(await checkScope(this.db, auth, q));
  }

  async widgets(auth: AuthContext, q: StatsPeriodQuery, kind: 'widget' | 'click'): Promise<WidgetActivity> {
    const { scope, period } = await this.prepare(auth, q);
    return this.plays.widgets(scope, period, kind);
  }

  async officeInstant(
    auth: AuthContext,
    q: { officeId?: number; timeZone?: string },
  ): Promise<OfficeInstant> {
    const zone = zoneInput(q.timeZone) ?? (await officeZone(this.db, auth.officePath, this.defaultZone));
    return this.instant.officeInstant(auth, q.officeId ?? auth.officeId, zone);
  }

  async terminalsByIds(auth: AuthContext, q: StatsPeriodQuery & { ids: string }): Promise<TerminalFigures> {
    const ids = parseTerminalIds(q.ids, 'ids');
    const period = await checkPeriod(this.db, auth, q, this.defaultZone);
    return this.instant.terminalsByIds(auth, ids, period);
  }

  async startupRate(auth: AuthContext, body: StatsPeriodBody): Promise<StartupRate> {
    const { scope, period } = await this.prepare(auth, body);
    if (body.terminalIds?.length) scope.terminalIds = body.terminalIds;
    return this.fleet.startupRate(scope, period);
  }

  async headCount(auth: AuthContext, body: StatsPeriodBody): Promise<HeadCount> {
    const { scope, period } = await this.prepare(auth, body);
    if (body.terminalIds?.length) scope.terminalIds = body.terminalIds;
    return this.behavior.headCount(scope, period);
  }

  async playSummary(auth: AuthContext, q: PlayFilterQuery): Promise<PlaySummary> {
    const filter = playFilter(q);
    const { scope, period } = await this.prepare(auth, q);
    return this.plays.summary(scope, period, filter);
  }

  async playTop(auth: AuthContext, q: PlayTopQuery) {
    const filter = playFilter(q);
    const { scope, period } = await this.prepare(auth, q);
    const dimension: PlayDimension = q.dimension;
    return this.plays.top(scope, period, filter, {
      dimension,
      sort: q.sort ?? 'plays',
      order: q.order ?? (q.sort === 'name' ? 'asc' : 'desc'),
      pageNo: q.pageNo ?? 1,
      pageSize: q.pageSize ?? 10,
    });
  }
}
