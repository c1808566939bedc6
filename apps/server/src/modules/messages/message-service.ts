import type { MessageDetail, MessageDocument, MessageSaveBody, MessageTargets } from '@apm/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messages, users } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fileUrl } from '../materials/material-queries.js';
import { officeInScope } from '../offices/office-scope.js';
import { recordReviewSteps } from '../review/review-history.js';
import { recordIntake, reviewIntake } from '../review/review-intake.js';
import { notifyReviewers } from '../review/reviewers.js';
import type { SettingsService } from '../settings/service.js';
import { fieldError } from '../users/user-access.js';
import { checkMessageDocument, checkTargets } from './message-check.js';
import type { MessageDeliveryService } from './message-delivery.js';
import {
  deliveryCounts,
  messageScope,
  pageMessages,
  selectMessages,
  toSummary,
  type MessageListFilters,
} from './message-queries.js';

const notInScope = (id: number, field = 'id') =>
  fieldError(404, field, `No message ${id} in your scope`, 'notFound');

const requirePermission = (auth: AuthContext, permission: string) => {
  if (!auth.permissions.has(permission)) throw forbidden(`Requires permission ${permission}`, 'noPermission');
};

/**
 * Messages: save (create or update; checked by the contract's rules, image, program and targets in the
 * caller's range), list, detail, the recycle bin (soft delete, restore, delete for good) and sending a
 * rejected message back to review. While the audit switch is on a saved message waits for review (or
 * is approved at once for a reviewer of its kind, when the setting allows); a saved message that is on
 * screens gets its new revision there at once when approved, and is withheld from them while it waits.
 */
export class MessageService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly delivery: MessageDeliveryService,
  ) {}

  /** Creates (no id; needs message:form:add) or updates (needs message:form:edit) a message. */
  async save(auth: AuthContext, input: MessageSaveBody): Promise<MessageDetail> {
    requirePermission(auth, input.id === undefined ? 'message:form:add' : 'message:form:edit');
    const name = input.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is required');
    await checkMessageDocument(this.db, auth, input.document);
    await checkTargets(this.db, auth, input.targets);
    const intake = await reviewIntake(this.db, this.settings, auth, 'message');
    const { document } = input;
    const values = {
      name,
      kind: document.kind,
      document: document as unknown as Record<string, unknown>,
      priority: document.priority,
      validFrom: document.validFrom ? new Date(document.validFrom) : null,
      validUntil: document.validUntil ? new Date(document.validUntil) : null,
      targets: uniqueTargets(input.targets),
      reviewState: intake.reviewState,
      reviewNote: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: new Date(),
    };
    let saved: { id: number; revision: number; officeId: number };
    const returning = { id: messages.id, revision: messages.revision, officeId: messages.officeId };
    if (input.id === undefined) {
      const officeId =
        input.officeId === undefined
          ? auth.officeId
          : (await officeInScope(this.db, auth, input.officeId, 'officeId')).id;
      [saved] = (await this.db
        .insert(messages)
        .values({ ...values, officeId, createdBy: auth.userId })
        .returning(returning)) as [typeof saved];
    } else {
      const [row] = await this.db
        .update(messages)
        .set({ ...values, revision: sql`${messages.revision} + 1` })
        .where(
          and(
            eq(messages.id, input.id),
            messageScope(auth),
            isNull(messages.deletedAt),
            input.baseRevision === undefined ? undefined : eq(messages.revision, input.baseRevision),
          ),
        )
        .returning(returning);
      if (!row) throw await this.saveRefusal(auth, input.id);
      saved = row;
    }
    await recordIntake(this.db, auth, 'message', intake, [{ ...saved, name }]);
    if (input.id !== undefined) {
      if (intake.reviewState === 'approved') await this.delivery.redeliver(saved.id, auth.userId);
      else await this.delivery.withhold(saved.id);
    }
    return this.detail(auth, saved.id);
  }

  /** One page of the messages the caller may see (the recycle bin with `deleted`). */
  list(auth: AuthContext, q: MessageListFilters) {
    return pageMessages(this.db, auth, q);
  }

  /** A message with its document and targets; 404 outside the caller's scope (also in the recycle bin). */
  async detail(auth: AuthContext, id: number): Promise<MessageDetail> {
    const [row] = await selectMessages(this.db, auth).where(and(eq(messages.id, id), messageScope(auth)));
    if (!row) throw notInScope(id);
    const [extra] = await this.db
      .select({ document: messages.document, targets: messages.targets, reviewerName: users.name })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.reviewedBy))
      .where(eq(messages.id, id));
    const document = extra!.document as unknown as MessageDocument;
    const imageId = document.kind === 'notice' ? document.notice?.imageMaterialId : null;
    const counts = await deliveryCounts(this.db, [id]);
    return {
      ...toSummary(row, counts.get(id)),
      document,
      targets: extra!.targets as MessageTargets,
      reviewerName: extra?.reviewerName ?? null,
      imageUrl: imageId ? fileUrl(imageId) : null,
    };
  }

  /** Moves messages to the recycle bin (all or nothing); each is stopped on every screen. */
  async softDelete(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.inScope(auth, ids, isNull(messages.deletedAt));
    await this.db
      .update(messages)
      .set({ deletedAt: new Date(), deletedBy: auth.userId })
      .where(inArray(messages.id, rows));
    for (const id of rows) await this.delivery.stopEverywhere(id, auth.userId);
  }

  /** Brings messages back from the recycle bin (stopped: they are not sent again by themselves). */
  async restore(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.inScope(auth, ids, isNotNull(messages.deletedAt));
    await this.db
      .update(messages)
      .set({ deletedAt: null, deletedBy: null })
      .where(inArray(messages.id, rows));
  }

  /** Deletes messages of the recycle bin for good (all or nothing; 409 naming those not in it). */
  async purge(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.db
      .select({ id: messages.id, deletedAt: messages.deletedAt })
      .from(messages)
      .where(and(inArray(messages.id, ids), messageScope(auth)));
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notInScope(missing[0]!, 'ids');
    const live = rows.filter((r) => !r.deletedAt).map((r) => r.id);
    if (live.length)
      throw conflict(
        `Only messages in the recycle bin can be deleted for good; not deleted: ${live.join(', ')}`,
        'notDeleted',
        { fields: { ids: `message ${live.join(', ')} is not in the recycle bin` } },
      );
    await this.db.delete(messages).where(inArray(messages.id, ids));
  }

  /**
   * The author sends a rejected message back to review with a note to the reviewers (`submitNote`):
   * pending again, a `resubmitted` step in its history, its reviewers told.
   */
  async resubmit(auth: AuthContext, id: number, rawNote: string): Promise<void> {
    const note = rawNote.trim();
    if (!note) throw fieldError(400, 'note', 'note is required');
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), messageScope(auth), isNull(messages.deletedAt)));
    if (!row) throw notInScope(id);
    if (row.reviewState !== 'rejected')
      throw conflict(
        `Message ${row.name} is ${row.reviewState}; only rejected messages are resubmitted`,
        'reviewState',
        {
          fields: { id: `message is ${row.reviewState}` },
        },
      );
    await this.db.transaction(async (tx) => {
      await tx
        .update(messages)
        .set({ reviewState: 'pending', reviewedBy: null, reviewedAt: null })
        .where(eq(messages.id, id));
      await recordReviewSteps(tx, [
        {
          subjectKind: 'message',
          subjectId: id,
          revision: row.revision,
          action: 'resubmitted',
          note,
          actorId: auth.userId,
        },
      ]);
    });
    await notifyReviewers(this.db, auth.userId, 'message', [
      { id, name: row.name, officeId: row.officeId, revision: row.revision },
    ]);
  }

  /** The ids, all messages of the caller's range matching `cond`; 404 naming the first other. */
  private async inScope(
    auth: AuthContext,
    ids: number[],
    cond: ReturnType<typeof isNull>,
  ): Promise<number[]> {
    const rows = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.id, ids), messageScope(auth), cond));
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notInScope(missing[0]!, 'ids');
    return ids;
  }

  /** Why an update matched no row: out of scope (404), or saved by someone else since (409). */
  private async saveRefusal(auth: AuthContext, id: number): Promise<Error> {
    const [current] = await this.db
      .select({ revision: messages.revision, updatedAt: messages.updatedAt })
      .from(messages)
      .where(and(eq(messages.id, id), messageScope(auth), isNull(messages.deletedAt)));
    if (!current) return notInScope(id);
    return conflict(
      `The message was saved by someone else since you opened it (now revision ${current.revision}); reload it, or save yours as a copy`,
      'messageConflict',
      { field: 'baseRevision', revision: current.revision, updatedAt: current.updatedAt.toISOString() },
    );
  }
}

/** Targets without repeated ids. */
const uniqueTargets = (t: MessageTargets): MessageTargets => ({
  terminalIds: [...new Set(t.terminalIds)],
  groupIds: [...new Set(t.groupIds)],
  officeIds: [...new Set(t.officeIds)],
});
