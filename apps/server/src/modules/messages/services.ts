import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import type { TerminalBus } from '../../terminal/bus.js';
import type { TerminalCommandService } from '../../terminal/commands.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { NotificationService } from '../notifications/service.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';
import { announceManifests } from '../programs/announce.js';
import type { ProgramManifestService } from '../programs/manifest-service.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { SettingsService } from '../settings/service.js';
import { MessageDeliveryService } from './message-delivery.js';
import { MessageService } from './message-service.js';
import { MessageReviewService } from './review-service.js';
import { MessageWebhookService } from './webhook-service.js';

/** An office holding messages (also in the recycle bin) is not deleted (the office service asks this). */
registerOfficeDeleteCheck({
  key: 'messages',
  label: 'messages',
  count: async (db, officeId) =>
    Number(
      (await db.select({ n: count() }).from(messages).where(eq(messages.officeId, officeId)))[0]?.n ?? 0,
    ),
});

/** The services of the messages module, around the terminal channel's commands and presence. */
export function createMessageServices(
  db: Database,
  settings: SettingsService,
  terminal: {
    programManifest: ProgramManifestService;
    terminalBus: TerminalBus;
    terminalCommands: TerminalCommandService;
    terminalPresence: TerminalPresence;
  },
  notifications: Pick<NotificationService, 'notify'>,
  secretBox: SecretBox,
) {
  const messageDelivery = new MessageDeliveryService(
    db,
    terminal.terminalCommands,
    terminal.terminalPresence,
    settings,
    (ids) => announceManifests(terminal.programManifest, terminal.terminalBus, ids),
  );
  return {
    /** Messages: save, list, detail, the recycle bin, resubmitting. */
    messages: new MessageService(db, settings, messageDelivery),
    /** Sending messages to terminals, stopping them, and their delivery state. */
    messageDelivery,
    /** Message review: the checklist, approve or reject. */
    messageReview: new MessageReviewService(db, messageDelivery, (ids, content) =>
      notifications.notify(ids, content),
    ),
    /** The tenants' inbound message webhooks (signed calls from other systems). */
    messageWebhooks: new MessageWebhookService(db, secretBox, messageDelivery),
  };
}
