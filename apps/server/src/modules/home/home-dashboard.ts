import { HOME_ACTIVITY_MAX, type HomeDashboard } from '@apm/contract';
import { and, countDistinct, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { abnormalAlarms } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import { hasPermission } from '../../plugins/auth.js';
import type { AlarmService } from '../alarms/alarm-service.js';
import type { AuthContext } from '../auth/session-service.js';
import type { LogService } from '../logs/service.js';
import type { StorageCapacityService } from '../materials/storage-capacity.js';
import type { ReviewCentreService } from '../review/review-centre.js';
import type { TerminalService } from '../terminals/terminal-service.js';
import { TERMINAL_VIEWERS } from '../terminals/schemas.js';
import { playsToday } from './plays-today.js';

/** The services the dashboard reads from (each keeps its own scope and permission rules). */
export interface HomeDashboardSources {
  db: Database;
  terminals: TerminalService;
  alarms: AlarmService;
  reviews: ReviewCentreService;
  storage: StorageCapacityService;
  logs: LogService;
  timeZone: string;
}

const mayAny = (auth: AuthContext, permissions: readonly string[]) =>
  permissions.some((p) => hasPermission(auth, p));

/**
 * The home dashboard: each section read through the module that owns it, in the caller's data
 * range; a section the caller may not see is null (the page hides it), so the dashboard never
 * tells a user more than the pages they may open.
 */
export class HomeDashboardService {
  constructor(private readonly sources: HomeDashboardSources) {}

  /** Every section the caller may see, read in parallel. */
  async forUser(auth: AuthContext): Promise<HomeDashboard> {
    const [terminals, alarms, reviews, storage, plays, activity] = await Promise.all([
      this.terminals(auth),
      this.alarms(auth),
      this.reviews(auth),
      this.storage(auth),
      this.plays(auth),
      this.activity(auth),
    ]);
    return { generatedAt: new Date().toISOString(), terminals, alarms, reviews, storage, plays, activity };
  }

  private async terminals(auth: AuthContext): Promise<HomeDashboard['terminals']> {
    if (!mayAny(auth, TERMINAL_VIEWERS as readonly string[])) return null;
    const [counts, [abnormal]] = await Promise.all([
      this.sources.terminals.statusCount(auth, {}),
      this.sources.db
        .select({ n: countDistinct(abnormalAlarms.terminalId) })
        .from(abnormalAlarms)
        .where(and(dataScope(auth, abnormalAlarms.officeId), isNull(abnormalAlarms.clearedAt))),
    ]);
    return { ...counts, abnormal: Number(abnormal?.n ?? 0) };
  }

  private async alarms(auth: AuthContext): Promise<HomeDashboard['alarms']> {
    if (!hasPermission(auth, 'sys:alarm:view')) return null;
    const pending = await this.sources.alarms.pending(auth);
    return { open: pending.count, unacknowledged: pending.unacknowledged };
  }

  private async reviews(auth: AuthContext): Promise<HomeDashboard['reviews']> {
    const counts = await this.sources.reviews.pendingCounts(auth);
    return Object.keys(counts).length > 0 ? counts : null;
  }

  private async storage(auth: AuthContext): Promise<HomeDashboard['storage']> {
    if (!hasPermission(auth, 'res:material:view')) return null;
    const usage = await this.sources.storage.usage(auth);
    return { usedBytes: usage.usedBytes, quotaBytes: usage.quotaBytes };
  }

  private async plays(auth: AuthContext): Promise<HomeDashboard['plays']> {
    if (!hasPermission(auth, 'stats:view')) return null;
    return playsToday(this.sources.db, auth, this.sources.timeZone);
  }

  private async activity(auth: AuthContext): Promise<HomeDashboard['activity']> {
    if (!hasPermission(auth, 'sys:log:view')) return null;
    const page = await this.sources.logs.scroll(auth, {}, undefined, HOME_ACTIVITY_MAX);
    return page.list.map(({ id, at, username, action, type, status }) => ({
      id,
      at,
      username,
      action,
      type,
      status,
    }));
  }
}
