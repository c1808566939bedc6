/** Message notification management calls (`/a/api/messageNotification/send*`) and target look-ups. */
import type { NotificationRecipient, NotificationSending, NotificationSendInput } from '@apm/contract';
import type { Page } from './dictionary';
import { request } from './request';

/** Search and page of the sendings list. */
export interface SendingListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
}

/** Filters and page of a sending's recipients. */
export interface RecipientParams {
  id: number;
  pageNo: number;
  pageSize: number;
  readState?: '0' | '1';
  keyword?: string;
}

/** A user or role offered as a target. */
export interface TargetOption {
  id: number;
  name: string;
  /** Login name (users) or code (roles). */
  code: string;
}

/** GET /apm-web/a/api/messageNotification/sendList — sendings within the caller's range, newest first. */
export async function listSendings(
  params: SendingListParams,
  signal?: AbortSignal,
): Promise<Page<NotificationSending>> {
  return (
    await request<Page<NotificationSending>>('/a/api/messageNotification/sendList', {
      params: { ...params },
      signal,
    })
  ).data;
}

/** GET /apm-web/a/api/messageNotification/sendDetail — a sending's recipients with their read state. */
export async function listRecipients(
  params: RecipientParams,
  signal?: AbortSignal,
): Promise<Page<NotificationRecipient>> {
  return (
    await request<Page<NotificationRecipient>>('/a/api/messageNotification/sendDetail', {
      params: { ...params },
      signal,
    })
  ).data;
}

/** POST /apm-web/a/api/messageNotification/send — sends a message; answers the recipient count. */
export async function sendNotification(
  body: NotificationSendInput,
): Promise<{ id: number; recipientCount: number }> {
  return (
    await request<{ id: number; recipientCount: number }>('/a/api/messageNotification/send', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/messageNotification/sendDelete — deletes sendings with their copies. */
export async function deleteSendings(ids: readonly number[]): Promise<{ deleted: number }> {
  return (
    await request<{ deleted: number }>('/a/api/messageNotification/sendDelete', {
      method: 'POST',
      data: { id: ids.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/user/usereList — users within the caller's range matching `name` (first 20). */
export async function searchUsers(name: string, signal?: AbortSignal): Promise<TargetOption[]> {
  const { data } = await request<Page<{ id: number; name: string; loginName: string }>>(
    '/a/api/user/usereList',
    { params: { name: name || undefined, pageNo: 1, pageSize: 20 }, signal, skipErrorHandler: true },
  );
  return data.list.map((u) => ({ id: u.id, name: u.name, code: u.loginName }));
}

/** GET /apm-web/a/api/user/allRoleList — the roles the caller may assign (offered as targets). */
export async function listTargetRoles(signal?: AbortSignal): Promise<TargetOption[]> {
  const { data } = await request<{ id: number; name: string; code: string }[]>('/a/api/user/allRoleList', {
    signal,
    skipErrorHandler: true,
  });
  return data.map((r) => ({ id: r.id, name: r.name, code: r.code }));
}
