/** Program calls (`/a/api/program/*`) that pages other than the program editor need. */
import type { ProgramSummary } from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

/** Search, review-state filter and page of the program list. */
export interface ProgramListParams {
  pageNo: number;
  pageSize: number;
  /** Part of the name. */
  keyword?: string;
  reviewState?: ProgramSummary['reviewState'];
  officeId?: number;
  sortField?: 'name' | 'createdAt' | 'updatedAt' | 'size';
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/program/list — programs of the caller's data range, filtered, sorted and paged. */
export async function listPrograms(
  params: ProgramListParams,
  signal?: AbortSignal,
): Promise<Page<ProgramSummary>> {
  return (await request<Page<ProgramSummary>>('/a/api/program/list', { params: { ...params }, signal })).data;
}
