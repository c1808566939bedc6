/** Dictionary management calls (`/a/api/dict/*`). */
import type { DictEntry, DictLabels, DictOption, DictSortField, DictType } from '@apm/contract';
import { request } from './request';

/** A page of a list call. */
export interface Page<T> {
  list: T[];
  count: number;
  pageNo: number;
  pageSize: number;
}

/** Search, filter, sort and page of the dictionary list. */
export interface DictListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  type?: string;
  sortField?: DictSortField;
  sortOrder?: 'asc' | 'desc';
}

/** What saving an entry sends. */
export interface DictSaveBody {
  id?: number;
  type: string;
  value: string;
  labels: DictLabels;
  description?: string;
  sort?: number;
  enabled?: boolean;
}

/** GET /apm-web/a/api/dict/list — entries searched by type, value or label, filtered, sorted and paged. */
export async function listDict(params: DictListParams, signal?: AbortSignal): Promise<Page<DictEntry>> {
  return (await request<Page<DictEntry>>('/a/api/dict/list', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/dict/types — every type with its number of entries. */
export async function listDictTypes(signal?: AbortSignal): Promise<DictType[]> {
  return (await request<DictType[]>('/a/api/dict/types', { signal })).data;
}

/** GET /apm-web/a/api/dict/byType — the enabled entries of a type, labelled in the current language. */
export async function dictByType(type: string, signal?: AbortSignal): Promise<DictOption[]> {
  return (await request<DictOption[]>('/a/api/dict/byType', { params: { type }, signal })).data;
}

/** POST /apm-web/a/api/dict/save — creates or edits an entry (JSON; errors handled by the form). */
export async function saveDict(body: DictSaveBody): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/dict/save', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/dict/delete — deletes entries (all or none). */
export async function deleteDict(ids: readonly number[]): Promise<{ deleted: number }> {
  return (
    await request<{ deleted: number }>('/a/api/dict/delete', {
      method: 'POST',
      data: { id: ids.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}
