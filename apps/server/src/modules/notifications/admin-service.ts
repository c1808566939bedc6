import {
  NOTIFICATION_MAX_TARGETS,
  type Language,
  type NotificationRecipient,
  type NotificationSending,
  type NotificationTargets,
} from '@apm/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  notificationBatches,
  notifications,
  offices,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { dataScope, isInTenant, officesUnder } from '../../lib/data-scope.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { checkContents, contentView } from './contents.js';

/** Rows per INSERT when storing the copies of one sending: large sendings never build one giant statement. */
export const INSERT_CHUNK = 1000;

/** What a sending takes, before validation. */
export interface SendInput {
  /** Content per language code: an object or its JSON text. */
  contents?: unknown;
  /** Content in Chinese: the spec's field for `contents.CN`. */
  contentCn?: string;
  /** Content in English: the spec's field for `contents.US`. */
  contentEn?: string;
  userIds: number[];
  roleIds: number[];
  officeIds: number[];
}

/** Filters and page of the sendings list. */
export interface SendingListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of the content in any language. */
  keyword?: string;
  /** The reader's languages, best first: each sending answers its content in the first it has. */
  languages?: readonly Language[];
}

/** Filters and page of one sending's recipients. */
export interface RecipientQuery {
  pageNo: number;
  pageSize: number;
  readState?: '0' | '1';
  /** Part of the recipient's name or login name. */
  keyword?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Message notification management: operators send a message to users, roles and offices (with their
 * subtrees), always limited to their own data range, and see and delete what was sent in that range.
 */
export class NotificationAdminService {
  constructor(private readonly db: Database) {}

  /**
   * Sends a message: recipients are the union of the named users, the holders of the named roles and the
   * users of the named offices and their subtrees, all within the caller's data range. A target the caller
   * cannot see answers 400 naming its field, and nothing is stored. Answers the batch id and recipient count.
   */
  async send(auth: AuthContext, input: SendInput): Promise<{ id: number; recipientCount: number }> {
    const contents = checkContents(input.contents, input);
    const targets: NotificationTargets = {
      userIds: [...new Set(input.userIds)],
      roleIds: [...new Set(input.roleIds)],
      officeIds: [...new Set(input.officeIds)],
    };
    for (const [field, ids] of Object.entries(targets)) {
      if (ids.length > NOTIFICATION_MAX_TARGETS) {
        throw fieldError(400, field, `${field} may name at most ${NOTIFICATION_MAX_TARGETS} ids`);
      }
    }
    if (!targets.userIds.length && !targets.roleIds.length && !targets.officeIds.length) {
      throw badRequest('Name at least one user, role or office to send to', 'noTargets', {
        fields: { targets: 'Name at least one user, role or office to send to' },
      });
    }
    const officePaths = await this.checkTargets(auth, targets);
    const reach: SQL[] = [];
    if (targets.userIds.length) reach.push(inArray(users.id, targets.userIds));
    if (targets.roleIds.length) {
      reach.push(
        sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.roleId, targets.roleIds)})`,
      );
    }
    for (const path of officePaths) reach.push(officesUnder(users.officeId, path));
    const recipientsWhere = and(dataScope(auth, users.officeId, users.id), or(...reach));

    return this.db.transaction(async (tx) => {
      const recipients = await tx
        .select({ id: users.id })
        .from(users)
        .where(recipientsWhere)
        .orderBy(asc(users.id));
      if (!recipients.length) {
        throw badRequest('The targets reach no user within your data range', 'noRecipients', {
          fields: { targets: 'The targets reach no user within your data range' },
        });
      }
      const [batch] = await tx
        .insert(notificationBatches)
        .values({
          senderId: auth.userId,
          officeId: auth.officeId,
          contents,
          targets,
          recipientCount: recipients.length,
        })
        .returning({ id: notificationBatches.id, createdAt: notificationBatches.createdAt });
      for (let at = 0; at < recipients.length; at += INSERT_CHUNK) {
        await tx.insert(notifications).values(
          recipients.slice(at, at + INSERT_CHUNK).map((r) => ({
            userId: r.id,
            contents,
            batchId: batch!.id,
            createDate: batch!.createdAt,
          })),
        );
      }
      return { id: batch!.id, recipientCount: recipients.length };
    });
  }

  /** Checks every target lies within the caller's reach; answers the paths of the target offices. */
  private async checkTargets(auth: AuthContext, targets: NotificationTargets): Promise<string[]> {
    const refuse = (field: string, missing: number[]) =>
      fieldError(
        400,
        field,
        `${field}: not within your data range: ${missing.join(', ')}`,
        'targetOutOfRange',
      );
    if (targets.userIds.length) {
      const found = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, targets.userIds), dataScope(auth, users.officeId, users.id)));
      const missing = targets.userIds.filter((id) => !found.some((r) => r.id === id));
      if (missing.length) throw refuse('userIds', missing);
    }
    if (targets.roleIds.length) {
      const found = await this.db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(
            inArray(roles.id, targets.roleIds),
            or(isNull(roles.officeId), officesUnder(roles.officeId, auth.tenantPath)),
          ),
        );
      const missing = targets.roleIds.filter((id) => !found.some((r) => r.id === id));
      if (missing.length) throw refuse('roleIds', missing);
    }
    if (!targets.officeIds.length) return [];
    const found = await this.db
      .select({ id: offices.id, path: offices.path })
      .from(offices)
      .where(and(inArray(offices.id, targets.officeIds), dataScope(auth, offices.id)));
    const inTenant = found.filter((r) => isInTenant(auth, r.path));
    const missing = targets.officeIds.filter((id) => !inTenant.some((r) => r.id === id));
    if (missing.length) throw refuse('officeIds', missing);
    return inTenant.map((r) => r.path);
  }

  /** One page of the sendings within the caller's data range, newest first, with read counts. */
  async list(auth: AuthContext, q: SendingListQuery) {
    const keyword = q.keyword?.trim();
    const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
    const where = and(
      dataScope(auth, notificationBatches.officeId, notificationBatches.senderId),
      pattern
        ? sql`exists (select 1 from jsonb_each_text(${notificationBatches.contents}) where value ilike ${pattern})`
        : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(notificationBatches).where(where);
    const rows = await this.db
      .select({
        batch: notificationBatches,
        senderName: users.name,
        readCount:
          sql<number>`(select count(*) from ${notifications} where ${notifications.batchId} = ${notificationBatches.id} and ${notifications.readState} = '1')`.mapWith(
            Number,
          ),
      })
      .from(notificationBatches)
      .leftJoin(users, eq(users.id, notificationBatches.senderId))
      .where(where)
      .orderBy(desc(notificationBatches.createdAt), desc(notificationBatches.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const list: NotificationSending[] = rows.map(({ batch, senderName, readCount }) => ({
      id: batch.id,
      senderId: batch.senderId,
      senderName,
      ...contentView(batch.contents, q.languages ?? []),
      targets: batch.targets,
      recipientCount: batch.recipientCount,
      readCount,
      createdAt: batch.createdAt.toISOString(),
    }));
    return { list, count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** The ids among `ids` of sendings in the caller's data range; 404 naming the others. */
  private async batchesInScope(auth: AuthContext, ids: readonly number[], db: Database = this.db) {
    const found = await db
      .select({ id: notificationBatches.id })
      .from(notificationBatches)
      .where(
        and(
          inArray(notificationBatches.id, [...ids]),
          dataScope(auth, notificationBatches.officeId, notificationBatches.senderId),
        ),
      );
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) {
      throw new AppError(404, `No such sending: ${missing.join(', ')}`, 'notFound', { ids: missing });
    }
  }

  /** One page of a sending's recipients with the read state of their copies. */
  async recipients(auth: AuthContext, batchId: number, q: RecipientQuery) {
    await this.batchesInScope(auth, [batchId]);
    const keyword = q.keyword?.trim();
    const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
    const where = and(
      eq(notifications.batchId, batchId),
      q.readState ? eq(notifications.readState, q.readState) : undefined,
      pattern ? or(ilike(users.name, pattern), ilike(users.loginName, pattern)) : undefined,
    );
    const [total] = await this.db
      .select({ n: count() })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(where);
    const rows = await this.db
      .select({
        notificationId: notifications.id,
        userId: users.id,
        loginName: users.loginName,
        name: users.name,
        officeName: offices.name,
        readState: notifications.readState,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(where)
      .orderBy(asc(users.loginName), asc(notifications.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const list: NotificationRecipient[] = rows;
    return { list, count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** Deletes sendings and every copy of them (all or none: 404 naming ids outside the data range). */
  async delete(auth: AuthContext, ids: readonly number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.batchesInScope(auth, ids, tx as unknown as Database);
      const rows = await tx
        .delete(notificationBatches)
        .where(inArray(notificationBatches.id, [...ids]))
        .returning({ id: notificationBatches.id });
      return rows.length;
    });
  }
}
