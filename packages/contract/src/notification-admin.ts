import { Type, type Static } from 'typebox';
import { LanguageSchema, localizedSchema, type Localized } from './localized.js';

/** A notification's content per language: any subset of the seven, at least one. */
export type NotificationContents = Localized<string>;
/** Schema of {@link NotificationContents}. */
export const NotificationContentsSchema = localizedSchema(Type.String(), 'Content per language code');

/** Longest content of a sent notification, per language. */
export const NOTIFICATION_CONTENT_MAX = 2000;
/** Most targets of each kind (users, roles, offices) one sending may name. */
export const NOTIFICATION_MAX_TARGETS = 500;

/** Who a sending was addressed to. */
export const NotificationTargetsSchema = Type.Object({
  userIds: Type.Array(Type.Integer()),
  roleIds: Type.Array(Type.Integer()),
  officeIds: Type.Array(Type.Integer()),
});
export type NotificationTargets = Static<typeof NotificationTargetsSchema>;

/** One sending of a message notification (GET /a/api/messageNotification/sendList). */
export const NotificationSendingSchema = Type.Object({
  id: Type.Integer(),
  senderId: Type.Union([Type.Integer(), Type.Null()]),
  senderName: Type.Union([Type.String(), Type.Null()]),
  contents: NotificationContentsSchema,
  content: Type.String({ description: "The content in the reader's language, or the fallback" }),
  language: Type.Union([LanguageSchema, Type.Null()], {
    description: 'Language of `content` (null when there is none)',
  }),
  contentCn: Type.String({ description: 'contents.CN, or empty (kept for older clients)' }),
  contentEn: Type.String({ description: 'contents.US, or empty (kept for older clients)' }),
  targets: NotificationTargetsSchema,
  recipientCount: Type.Integer(),
  readCount: Type.Integer({ description: 'Recipients who read their copy (deleted copies are not counted)' }),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type NotificationSending = Static<typeof NotificationSendingSchema>;

/** One recipient of a sending with the read state of their copy. */
export const NotificationRecipientSchema = Type.Object({
  notificationId: Type.Integer(),
  userId: Type.Integer(),
  loginName: Type.String(),
  name: Type.String(),
  officeName: Type.String(),
  readState: Type.Enum(['0', '1'], { description: "'0' unread, '1' read" }),
});
export type NotificationRecipient = Static<typeof NotificationRecipientSchema>;

/**
 * What POST /a/api/messageNotification/send takes: the content per language (`contents`, or the older
 * `contentCn`/`contentEn` for CN and US), ids as arrays or comma-joined strings.
 */
export interface NotificationSendInput {
  contents?: NotificationContents;
  contentCn?: string;
  contentEn?: string;
  userIds?: number[];
  roleIds?: number[];
  officeIds?: number[];
}
