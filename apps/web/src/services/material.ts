/** Material library calls (`/a/api/material/*`) and the file calls the library page uses (`/a/api/file/*`). */
import { queryOptions } from '@tanstack/react-query';
import type {
  ConvertProgress,
  Material,
  MaterialDetail,
  MaterialFolder,
  MaterialKind,
  MaterialProcessState,
  MaterialReviewState,
  MaterialSortField,
  StorageCapacity,
} from '@apm/contract';
import { apiUrl, request } from './request';
import type { Page } from './role';

/** Search, filters, sort and page of the material list. */
export interface MaterialListParams {
  pageNo: number;
  pageSize: number;
  /** A folder id, `0` for the top level; left out for every folder. */
  folderId?: number;
  kind?: MaterialKind;
  reviewState?: MaterialReviewState;
  processState?: MaterialProcessState;
  createdBy?: number;
  dateFrom?: string;
  dateTo?: string;
  keyword?: string;
  sortField?: MaterialSortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/material/list — the materials in the caller's scope, filtered, sorted and paged. */
export async function listMaterials(
  params: MaterialListParams,
  signal?: AbortSignal,
): Promise<Page<Material>> {
  return (await request<Page<Material>>('/a/api/material/list', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/material/detail — one material with everything the details panel shows. */
export async function getMaterialDetail(id: number, signal?: AbortSignal): Promise<MaterialDetail> {
  return (await request<MaterialDetail>('/a/api/material/detail', { params: { id }, signal })).data;
}

/** The query of one material's details, shared by every view that shows them (one request per material). */
export const materialDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['material', 'detail', id] as const,
    queryFn: ({ signal }) => getMaterialDetail(id, signal),
    staleTime: 5 * 60_000,
  });

/** POST /apm-web/a/api/material/rename — renames a material (errors handled by the caller). */
export async function renameMaterial(id: number, name: string): Promise<void> {
  await request('/a/api/material/rename', {
    data: { id, name },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/material/move — moves materials into a folder (`null`: top level). */
export async function moveMaterials(ids: number[], folderId: number | null): Promise<void> {
  await request('/a/api/material/move', {
    data: { ids, folderId },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/material/delete — deletes materials (409 listing their users when in use). */
export async function deleteMaterials(ids: number[]): Promise<void> {
  await request('/a/api/material/delete', { data: { ids }, requestType: 'json', skipErrorHandler: true });
}

/** GET /apm-web/a/api/material/capacity — storage used, quota and upload limit of the caller's tenant. */
export async function getStorageCapacity(signal?: AbortSignal): Promise<StorageCapacity> {
  return (await request<StorageCapacity>('/a/api/material/capacity', { signal })).data;
}

/** GET /apm-web/a/api/material/folder/tree — the caller's folders, flat, parents first. */
export async function getFolderTree(signal?: AbortSignal): Promise<MaterialFolder[]> {
  return (await request<MaterialFolder[]>('/a/api/material/folder/tree', { signal })).data;
}

/** POST /apm-web/a/api/material/folder/save — creates (no id) or renames a folder; answers its id. */
export async function saveFolder(body: {
  id?: number;
  parentId: number | null;
  name: string;
}): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/material/folder/save', {
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/material/folder/move — moves a folder under another (`null`: top level). */
export async function moveFolder(id: number, parentId: number | null): Promise<void> {
  await request('/a/api/material/folder/move', {
    data: { id, parentId },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/material/folder/delete — deletes an empty folder (409 otherwise). */
export async function deleteFolder(id: number): Promise<void> {
  await request('/a/api/material/folder/delete', {
    data: { id },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** GET /apm-web/a/api/file/convertProgress — processing state and percent of materials. */
export async function getConvertProgress(ids: number[], signal?: AbortSignal): Promise<ConvertProgress[]> {
  return (
    await request<ConvertProgress[]>('/a/api/file/convertProgress', {
      params: { ids: ids.join(',') },
      signal,
    })
  ).data;
}

/** POST /apm-web/a/api/file/uploadThumb — sets a custom thumbnail image of material `id` (multipart). */
export async function uploadMaterialThumb(id: number, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  await request('/a/api/file/uploadThumb', {
    method: 'POST',
    params: { id },
    data: form,
    skipErrorHandler: true,
  });
}

/** URL of GET /apm-web/a/api/file/getFile — the original bytes, as an attachment with `download`. */
export function materialFileUrl(id: number, download = false): string {
  return apiUrl('/a/api/file/getFile', { id, download: download ? 1 : undefined });
}

/** URL of GET /apm-web/a/api/file/getFileHandlex — a derived file (thumbnail, poster, converted, PDF page). */
export function materialVariantUrl(
  id: number,
  variant: 'thumb' | 'poster' | 'converted' | 'page',
  page?: number,
): string {
  return apiUrl('/a/api/file/getFileHandlex', { id, variant, page });
}
