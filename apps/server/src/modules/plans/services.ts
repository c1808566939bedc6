import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { plans } from '../../db/schema/index.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { NotificationService } from '../notifications/service.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';
import { announceManifests } from '../programs/announce.js';
import type { ProgramManifestService } from '../programs/manifest-service.js';
import type { SettingsService } from '../settings/service.js';
import { PlanPublishService } from './plan-publish-service.js';
import { PlanService } from './plan-service.js';
import { PlanReviewService } from './review-service.js';
import { TimelineService } from './timeline-service.js';

/** An office holding plans is not deleted (the office service asks this). */
registerOfficeDeleteCheck({
  key: 'plans',
  label: 'play plans',
  count: async (db, officeId) =>
    Number((await db.select({ n: count() }).from(plans).where(eq(plans.officeId, officeId)))[0]?.n ?? 0),
});

/** The services of the plans module, around the manifest service and the terminal bus. */
export function createPlanServices(
  db: Database,
  settings: SettingsService,
  terminal: { programManifest: ProgramManifestService; terminalBus: TerminalBus },
  notifications: Pick<NotificationService, 'notify'>,
  timeZone: string,
) {
  const announce = (ids: readonly number[]) =>
    announceManifests(terminal.programManifest, terminal.terminalBus, ids);
  const plans = new PlanService(db, settings, announce, timeZone);
  return {
    /** Play plans: save, check, list, detail, delete, copy. */
    plans,
    /** Plan review: approve or reject waiting plans. */
    planReview: new PlanReviewService(
      db,
      plans,
      (ids, content) => notifications.notify(ids, content),
      timeZone,
    ),
    /** Publishing plans to terminals and groups. */
    planPublish: new PlanPublishService(db, announce),
    /** Timelines of terminals and previews of unsaved plans. */
    timelines: new TimelineService(db, terminal.programManifest, timeZone),
  };
}
