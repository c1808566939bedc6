import type { MessageDocument, TerminalMessagePayload } from '@apm/contract';
import type { messages } from '../../db/schema/index.js';
import { terminalFileUrl } from '../programs/manifest-messages.js';

/** Longest a `showMessage` waits for an offline terminal: the protocol's longest command life. */
const MAX_TTL_SECONDS = 30 * 24 * 3600;

/** How long a command about a message may wait: until its end, at most 30 days (at least a second). */
export function messageTtlSeconds(validUntil: Date | null, now = Date.now()): number {
  if (!validUntil) return MAX_TTL_SECONDS;
  return Math.max(1, Math.min(MAX_TTL_SECONDS, Math.ceil((validUntil.getTime() - now) / 1000)));
}

/** A message as terminals receive it (`showMessage`; the manifest lists the same). */
export function messagePayload(
  row: Pick<typeof messages.$inferSelect, 'id' | 'revision' | 'name' | 'document'>,
): TerminalMessagePayload {
  const document = row.document as unknown as MessageDocument;
  const imageId = document.kind === 'notice' ? document.notice?.imageMaterialId : null;
  return {
    id: row.id,
    revision: row.revision,
    name: row.name,
    document,
    imageUrl: imageId ? terminalFileUrl(imageId) : null,
  };
}

/** Whether terminals must download something for a message (its image or its program): they fetch their manifest. */
export const needsFiles = (document: MessageDocument): boolean =>
  Boolean(
    (document.kind === 'notice' && document.notice?.imageMaterialId) ||
    (document.kind === 'takeover' && document.takeover?.programId),
  );
