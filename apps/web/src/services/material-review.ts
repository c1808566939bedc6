/** Material review calls (`/a/api/review/material/*`). */
import type { Material, MaterialKind, MaterialReviewState } from '@apm/contract';
import { request } from './request';
import type { Page } from './role';

/** Filters and page of the review list (the server answers pending materials without `state`). */
export interface MaterialReviewListParams {
  pageNo: number;
  pageSize: number;
  reviewState?: MaterialReviewState;
  kind?: MaterialKind;
  /** Only materials of this institution (and those it may see below it). */
  officeId?: number;
  keyword?: string;
}

/** GET /apm-web/a/api/review/material/list — materials waiting for (or past) review in the caller's scope. */
export async function listMaterialReviews(
  params: MaterialReviewListParams,
  signal?: AbortSignal,
): Promise<Page<Material>> {
  return (await request<Page<Material>>('/a/api/review/material/list', { params: { ...params }, signal }))
    .data;
}

/** POST /apm-web/a/api/review/material/approve — approves materials, with an optional note. */
export async function approveMaterials(ids: number[], note?: string): Promise<void> {
  await request('/a/api/review/material/approve', {
    data: { ids, note: note || undefined },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/review/material/reject — rejects materials; the note is required. */
export async function rejectMaterials(ids: number[], note: string): Promise<void> {
  await request('/a/api/review/material/reject', {
    data: { ids, note },
    requestType: 'json',
    skipErrorHandler: true,
  });
}
