import type { Database } from '../../db/client.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { NotificationService } from '../notifications/service.js';
import type { SettingsService } from '../settings/service.js';
import type { ProgramManifestService } from './manifest-service.js';
import { ProgramService } from './program-service.js';
import { PublishService } from './publish-service.js';
import { ProgramReviewService } from './review-service.js';
import { ProgramTemplateService } from './template-service.js';

/** The services of the programs module, around the manifest service and the terminal bus. */
export function createProgramServices(
  db: Database,
  settings: SettingsService,
  terminal: { programManifest: ProgramManifestService; terminalBus: TerminalBus },
  notifications: Pick<NotificationService, 'notify'>,
) {
  const programs = new ProgramService(db, settings, terminal.programManifest, terminal.terminalBus);
  return {
    /** Programs: save, list, detail, delete, copy. */
    programs,
    /** Program review: approve or reject waiting programs. */
    programReview: new ProgramReviewService(db, programs, (userIds, content) =>
      notifications.notify(userIds, content),
    ),
    /** Program templates new programs start from. */
    programTemplates: new ProgramTemplateService(db),
    /** Publishing programs to terminals and groups. */
    publish: new PublishService(db, terminal.programManifest, terminal.terminalBus),
  };
}
