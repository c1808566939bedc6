/**
 * Synchronized playback calls (`/a/api/syncGroup/*`): the group list, a group's detail with its
 * members' live state, save, delete, restart, and the programs a group may play.
 */
import type {
  SyncGroupDetail,
  SyncGroupSaveBody,
  SyncGroupSummary,
  SyncMode,
  SyncProgram,
  SyncSortField,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/syncGroup';

/** Query keys of sync group data (prefix `['syncGroup']`), so a change can refresh them all. */
export const syncGroupKeys = {
  all: ['syncGroup'] as const,
  list: ['syncGroup', 'list'] as const,
  detail: (id: number) => ['syncGroup', 'detail', id] as const,
  programs: ['syncGroup', 'programs'] as const,
};

/** Search, sort and page of the group list (the table's names; sent as `sort`/`order`). */
export interface SyncGroupListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  mode?: SyncMode;
  sortField?: SyncSortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/syncGroup/list — groups of the caller's range, searched, sorted and paged. */
export async function listSyncGroups(
  { sortField, sortOrder, ...params }: SyncGroupListParams,
  signal?: AbortSignal,
): Promise<Page<SyncGroupSummary>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'asc' } : {}) };
  return (await request<Page<SyncGroupSummary>>(`${BASE}/list`, { params: query, signal })).data;
}

/** GET /apm-web/a/api/syncGroup/syncGroupDetail — one group with its members and their live state. */
export async function getSyncGroup(id: number, signal?: AbortSignal): Promise<SyncGroupDetail> {
  return (await request<SyncGroupDetail>(`${BASE}/syncGroupDetail`, { params: { id }, signal })).data;
}

const post = async <T>(path: string, data: object): Promise<T> =>
  (
    await request<T>(`${BASE}/${path}`, {
      method: 'POST',
      data,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;

/** POST /apm-web/a/api/syncGroup/saveSyncGroup — creates (no id) or updates a group (errors handled by the form). */
export function saveSyncGroup(body: SyncGroupSaveBody): Promise<SyncGroupDetail> {
  return post('saveSyncGroup', body);
}

/** POST /apm-web/a/api/syncGroup/deleteSyncGroup — deletes groups (their members go back to their own programs). */
export function deleteSyncGroups(ids: number[]): Promise<null> {
  return post('deleteSyncGroup', { ids });
}

/** POST /apm-web/a/api/syncGroup/restartSyncGroup — starts the group's loop again on every member at once. */
export function restartSyncGroup(id: number): Promise<SyncGroupDetail> {
  return post('restartSyncGroup', { id });
}

/** GET /apm-web/a/api/syncGroup/programSelect — approved programs a group may play, by name, paged. */
export async function selectSyncPrograms(
  params: { pageNo: number; pageSize: number; keyword?: string },
  signal?: AbortSignal,
): Promise<Page<SyncProgram>> {
  return (await request<Page<SyncProgram>>(`${BASE}/programSelect`, { params: { ...params }, signal })).data;
}
