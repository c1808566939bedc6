/**
 * Message calls (`/a/api/publishMessage/*`): production (save, soft delete, restore, hard delete),
 * sending (send, send again, stop), delivery per terminal, review (checklist, decisions, resubmit),
 * the choice of target terminals and groups, and a terminal's messages (`terminalSet/...`).
 */
import type {
  MessageDeliveryPage,
  MessageDeliveryQuery,
  MessageDetail,
  MessageListQuery,
  MessageReviewBody,
  MessageSaveBody,
  MessageSendResult,
  MessageSummary,
  PublishTerminal,
  TerminalCurrentMessage,
  TerminalGroupNode,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/publishMessage';

/** Query keys of message data (prefix `['message']`), so a change can refresh them all. */
export const messageKeys = {
  all: ['message'] as const,
  list: ['message', 'list'] as const,
  detail: (id: number) => ['message', 'detail', id] as const,
  preview: (id: number) => ['message', 'preview', id] as const,
  delivery: (query: MessageDeliveryQuery) => ['message', 'delivery', query] as const,
};

/** The list's params: the contract's query, with the sort named as the shared server table names it. */
export type MessageListParams = Omit<MessageListQuery, 'sort' | 'order'> & {
  pageNo: number;
  pageSize: number;
  sortField?: NonNullable<MessageListQuery['sort']>;
  sortOrder?: MessageListQuery['order'];
};

const listQuery = ({ sortField, sortOrder, ...rest }: MessageListParams): MessageListQuery => ({
  ...rest,
  ...(sortField ? { sort: sortField, order: sortOrder ?? 'asc' } : {}),
});

/** GET /apm-web/a/api/publishMessage/list — messages of the caller's range, filtered, sorted and paged. */
export async function listMessages(
  params: MessageListParams,
  signal?: AbortSignal,
): Promise<Page<MessageSummary>> {
  return (await request<Page<MessageSummary>>(`${BASE}/list`, { params: { ...listQuery(params) }, signal }))
    .data;
}

/** GET /apm-web/a/api/publishMessage/checklist — messages to review (pending unless `reviewState` says otherwise). */
export async function listMessageReviews(
  params: MessageListParams,
  signal?: AbortSignal,
): Promise<Page<MessageSummary>> {
  return (
    await request<Page<MessageSummary>>(`${BASE}/checklist`, { params: { ...listQuery(params) }, signal })
  ).data;
}

/** GET /apm-web/a/api/publishMessage/getPublishMessage — one message with its document and targets. */
export async function getMessage(id: number, signal?: AbortSignal): Promise<MessageDetail> {
  return (await request<MessageDetail>(`${BASE}/getPublishMessage`, { params: { id }, signal })).data;
}

/** GET /apm-web/a/api/publishMessage/messagePreview — the message as saved (and submitted), for drawing it. */
export async function previewMessage(id: number, signal?: AbortSignal): Promise<MessageDetail> {
  return (await request<MessageDetail>(`${BASE}/messagePreview`, { params: { id }, signal })).data;
}

/**
 * POST /apm-web/a/api/publishMessage/ajaxSave — creates (no id) or updates a message; errors to the
 * caller (400 naming `document.<field>`, 409 messageConflict when `baseRevision` is behind).
 */
export async function saveMessage(body: MessageSaveBody): Promise<MessageDetail> {
  return (
    await request<MessageDetail>(`${BASE}/ajaxSave`, {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

async function post<T>(call: string, data: unknown): Promise<T> {
  return (
    await request<T>(`${BASE}/${call}`, { method: 'POST', data, requestType: 'json', skipErrorHandler: true })
  ).data;
}

/** POST /apm-web/a/api/publishMessage/ajaxDelete — moves messages to the recycle bin (errors to the caller). */
export async function deleteMessages(ids: readonly number[]): Promise<void> {
  await post('ajaxDelete', { ids: [...ids] });
}

/** POST /apm-web/a/api/publishMessage/restore — brings messages back from the recycle bin. */
export async function restoreMessages(ids: readonly number[]): Promise<void> {
  await post('restore', { ids: [...ids] });
}

/** POST /apm-web/a/api/publishMessage/delete — deletes messages of the recycle bin for good. */
export async function purgeMessages(ids: readonly number[]): Promise<void> {
  await post('delete', { ids: [...ids] });
}

/** POST /apm-web/a/api/publishMessage/savePublish — sends a message to its targets. */
export async function sendMessage(id: number): Promise<MessageSendResult> {
  return post<MessageSendResult>('savePublish', { id });
}

/** POST /apm-web/a/api/publishMessage/reuploadMessage — sends a message again, to all its targets or these terminals. */
export async function resendMessage(id: number, terminalIds?: number[]): Promise<MessageSendResult> {
  return post<MessageSendResult>('reuploadMessage', { id, ...(terminalIds?.length ? { terminalIds } : {}) });
}

/** POST /apm-web/a/api/publishMessage/stop — ends a message on every screen. */
export async function stopMessage(id: number): Promise<MessageSendResult> {
  return post<MessageSendResult>('stop', { id });
}

/** GET /apm-web/a/api/publishMessage/findSendMessages — where a sent message stands on each terminal, with counts. */
export async function getMessageDelivery(
  query: MessageDeliveryQuery,
  signal?: AbortSignal,
): Promise<MessageDeliveryPage> {
  return (await request<MessageDeliveryPage>(`${BASE}/findSendMessages`, { params: { ...query }, signal }))
    .data;
}

/** POST /apm-web/a/api/publishMessage/submitResult — approves or rejects messages (a note is required to reject). */
export async function decideMessages(body: MessageReviewBody): Promise<void> {
  await post('submitResult', body);
}

/** POST /apm-web/a/api/publishMessage/submitNote — the author sends a rejected message back to review. */
export async function resubmitMessage(id: number, note: string): Promise<void> {
  await post('submitNote', { id, note });
}

/** Filters and page of the terminals a message can go to. */
export interface MessageTerminalParams {
  pageNo: number;
  pageSize: number;
  officeId?: number;
  groupId?: number;
  keyword?: string;
  online?: boolean;
}

/** GET /apm-web/a/api/publishMessage/terminalSelect — one page of claimed terminals a message can go to. */
export async function selectMessageTerminals(
  params: MessageTerminalParams,
  signal?: AbortSignal,
): Promise<Page<PublishTerminal>> {
  return (await request<Page<PublishTerminal>>(`${BASE}/terminalSelect`, { params: { ...params }, signal }))
    .data;
}

/** GET /apm-web/a/api/publishMessage/groupsterminals — terminal groups of the caller's range, nested, with counts. */
export async function getMessageGroups(signal?: AbortSignal): Promise<TerminalGroupNode[]> {
  return (await request<TerminalGroupNode[]>(`${BASE}/groupsterminals`, { signal })).data;
}

/** GET /apm-web/a/api/terminalSet/getCurTerminalMessage — the messages a terminal holds, with their delivery state. */
export async function getTerminalMessages(
  terminalId: number,
  signal?: AbortSignal,
): Promise<TerminalCurrentMessage[]> {
  return (
    await request<TerminalCurrentMessage[]>('/a/api/terminalSet/getCurTerminalMessage', {
      params: { terminalId },
      signal,
    })
  ).data;
}

/** POST /apm-web/a/api/terminalSet/deleteTerminalMessage — stops one message on these terminals only. */
export async function stopTerminalMessage(
  messageId: number,
  terminalIds: readonly number[],
): Promise<MessageSendResult> {
  return (
    await request<MessageSendResult>('/a/api/terminalSet/deleteTerminalMessage', {
      method: 'POST',
      data: { messageId, terminalIds: [...terminalIds] },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/terminalSet/playMessage — shows a message on these terminals now. */
export async function playMessageNow(
  messageId: number,
  terminalIds: readonly number[],
): Promise<{ batchId: string | null; count: number }> {
  return (
    await request<{ batchId: string | null; count: number }>('/a/api/terminalSet/playMessage', {
      method: 'POST',
      data: { messageId, terminalIds: [...terminalIds] },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}
