/** Program calls (`/a/api/program/*`): the program list, the program production page and the editor. */
import type {
  ProgramDetail,
  ProgramDocument,
  ProgramSaved,
  ProgramSummary,
  ProgramTemplate,
  ProgramTemplateDetail,
  ProgramThumbnailSaved,
} from '@apm/contract';
import type { Page } from './office';
import { apiUrl, request } from './request';

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

/** What `program/save` sends: a new program (no id) or a new version of one. */
export interface ProgramSaveBody {
  id?: number;
  officeId?: number;
  /** The revision the editor opened; the server answers 409 programConflict when it moved on. */
  baseRevision?: number;
  document: ProgramDocument;
}

/** POST /apm-web/a/api/program/save — creates or updates a program from its document (errors to the caller). */
export async function saveProgram(body: ProgramSaveBody): Promise<ProgramSaved> {
  return (
    await request<ProgramSaved>('/a/api/program/save', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/program/detail — one program with its document. */
export async function getProgram(id: number, signal?: AbortSignal): Promise<ProgramDetail> {
  return (await request<ProgramDetail>('/a/api/program/detail', { params: { id }, signal })).data;
}

/** POST /apm-web/a/api/program/copy — copies a program under a new name. */
export async function copyProgram(id: number, name?: string): Promise<ProgramSaved> {
  return (
    await request<ProgramSaved>('/a/api/program/copy', {
      method: 'POST',
      data: { id, ...(name ? { name } : {}) },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/**
 * POST /apm-web/a/api/program/thumbnail — stores a program's thumbnail (a JPEG or PNG data URL of at most
 * 200 KB; `revision`: the program revision it was drawn from, 409 programConflict when saved since).
 */
export async function saveProgramThumbnailImage(body: {
  id: number;
  image: string;
  revision?: number;
}): Promise<ProgramThumbnailSaved> {
  return (
    await request<ProgramThumbnailSaved>('/a/api/program/thumbnail', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/**
 * URL of GET /apm-web/a/api/program/thumbnail — a program's thumbnail image; `revision` (the list's
 * `thumbnailRevision`) makes the URL change when the image does.
 */
export function programThumbnailUrl(id: number, revision?: number | null): string {
  return apiUrl('/a/api/program/thumbnail', { id, v: revision ?? undefined });
}

/** Where a program that refused deletion is published (409 programPublished). */
export interface ProgramPublishedWhere {
  programId: number;
  terminalCount: number;
  terminals: { id: number; name: string }[];
}

/**
 * POST /apm-web/a/api/program/delete — deletes programs, all or nothing; a published one only with
 * `force` (409 programPublished lists its terminals otherwise).
 */
export async function deletePrograms(ids: readonly number[], force = false): Promise<void> {
  await request('/a/api/program/delete', {
    method: 'POST',
    data: { ids: [...ids], ...(force ? { force: true } : {}) },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** Filters and page of the program review list (the server answers pending programs without `reviewState`). */
export interface ProgramReviewListParams {
  pageNo: number;
  pageSize: number;
  reviewState?: ProgramSummary['reviewState'];
  keyword?: string;
  officeId?: number;
}

/** GET /apm-web/a/api/review/program/list — programs waiting for (or past) review in the caller's scope. */
export async function listProgramReviews(
  params: ProgramReviewListParams,
  signal?: AbortSignal,
): Promise<Page<ProgramSummary>> {
  return (
    await request<Page<ProgramSummary>>('/a/api/review/program/list', { params: { ...params }, signal })
  ).data;
}

/** POST /apm-web/a/api/review/program/approve — approves programs, with an optional note. */
export async function approvePrograms(ids: number[], note?: string): Promise<void> {
  await request('/a/api/review/program/approve', {
    method: 'POST',
    data: { ids, note: note || undefined },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/review/program/reject — rejects programs; the note (why) is required. */
export async function rejectPrograms(ids: number[], note: string): Promise<void> {
  await request('/a/api/review/program/reject', {
    method: 'POST',
    data: { ids, note },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** GET /apm-web/a/api/program/template/list — templates the caller may start from (theirs and the platform's shared ones). */
export async function listProgramTemplates(
  params: { pageNo: number; pageSize: number; keyword?: string },
  signal?: AbortSignal,
): Promise<Page<ProgramTemplate>> {
  return (
    await request<Page<ProgramTemplate>>('/a/api/program/template/list', { params: { ...params }, signal })
  ).data;
}

/** GET /apm-web/a/api/program/template/detail — a template with its document. */
export async function getProgramTemplate(id: number): Promise<ProgramTemplateDetail> {
  return (await request<ProgramTemplateDetail>('/a/api/program/template/detail', { params: { id } })).data;
}

/** POST /apm-web/a/api/program/template/save — saves a program as a template (`shared`: every tenant). */
export async function saveProgramTemplate(body: {
  programId: number;
  name: string;
  shared?: boolean;
}): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/program/template/save', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}
