/** Message notifications of the header bell (`/a/api/messageNotification/*`). */
import { pickLanguage, type Language, type NotificationContents } from '@apm/contract';
import { request } from './request';

/** One notification. */
export interface Notification {
  id: number | string;
  createDate: string;
  /** The content per language (older servers answer only the two fields below). */
  contents?: NotificationContents;
  /** Content in Chinese (contents.CN) or ''. */
  contentCn: string;
  /** Content in English (contents.US) or ''. */
  contentEn: string;
  /** '0' unread, '1' read. */
  readState: '0' | '1';
}

/** A page of notifications plus the unread total. */
export interface NotificationPage {
  list: Notification[];
  count: number;
  pageNo: number;
  pageSize: number;
  unread: number;
}

/** GET /a/api/messageNotification/list — a page of the user's notifications (the bell: page 1, size 10). */
export async function listNotifications(params: {
  userId: number | string;
  pageNo?: number;
  pageSize?: number;
}): Promise<NotificationPage> {
  const { data } = await request<Partial<NotificationPage> | null>('/a/api/messageNotification/list', {
    params: { userId: params.userId, pageNo: params.pageNo ?? 1, pageSize: params.pageSize ?? 10 },
    // The bell shows its own state; a missing endpoint must not toast on every page.
    skipErrorHandler: true,
  });
  const list = Array.isArray(data?.list) ? data.list : [];
  return {
    list,
    count: Number(data?.count ?? list.length),
    pageNo: Number(data?.pageNo ?? 1),
    pageSize: Number(data?.pageSize ?? 10),
    unread: Number(data?.unread ?? list.filter((n) => n.readState === '0').length),
  };
}

/**
 * POST /a/api/messageNotification/updateReadState — marks notifications read ('1') or unread ('0').
 * The spec's GET also works but is refused without proof it comes from our pages: it changes data.
 */
export async function updateReadState(
  ids: readonly (number | string)[],
  readState: '0' | '1',
): Promise<void> {
  if (ids.length === 0) return;
  await request('/a/api/messageNotification/updateReadState', {
    method: 'POST',
    data: { id: ids.join(','), readState },
    skipErrorHandler: true,
  });
}

/** POST /a/api/messageNotification/delete — deletes notifications. */
export async function deleteNotifications(ids: readonly (number | string)[]): Promise<void> {
  await request('/a/api/messageNotification/delete', { method: 'POST', data: { id: ids.join(',') } });
}

/** What a notification says, in any of its forms: per language, or the spec's Chinese and English fields. */
export interface NotificationTextSource {
  contents?: NotificationContents;
  contentCn?: string;
  contentEn?: string;
}

/** Its content per language (from the spec's two fields when the server sent no map). */
export function contentsOf(item: NotificationTextSource): NotificationContents {
  if (item.contents) return item.contents;
  const contents: NotificationContents = {};
  if (item.contentCn) contents.CN = item.contentCn;
  if (item.contentEn) contents.US = item.contentEn;
  return contents;
}

/**
 * The text to show a reader of `languages` (best first: console language, brand default), else US, CN, any;
 * with the language it is in (null when the notification has none).
 */
export function notificationText(
  item: NotificationTextSource,
  languages: readonly Language[],
): { text: string; language: Language | null } {
  const picked = pickLanguage(contentsOf(item), languages);
  return { text: picked?.value ?? '', language: picked?.language ?? null };
}
