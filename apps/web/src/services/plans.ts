/**
 * Play plan calls (`/a/api/playPlan/*`, `/a/api/review/plan/*`): the plan list, plan production,
 * publishing a plan to terminals, its delivery, terminal timelines and the plan review.
 */
import type {
  DeliveryPage,
  DeliveryState,
  OfficeSearchHit,
  PlanCheck,
  PlanDetail,
  PlanDocument,
  PlanProgram,
  PlanPublishResult,
  PlanSaveBody,
  PlanSaved,
  PlanSortField,
  PlanSummary,
  PlanValidity,
  PublishMode,
  PublishTerminal,
  TerminalTimeline,
  TimelinePage,
  TimelineSegment,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/playPlan';
const REVIEW = '/a/api/review/plan';

/** Query keys of plan data, in one place so invalidation cannot miss one (prefix `['plans']`). */
export const planKeys = {
  all: ['plans'] as const,
  list: (params: PlanListParams) => ['plans', 'list', params] as const,
  detail: (id: number) => ['plans', 'detail', id] as const,
  programLengths: (ids: readonly number[]) => ['plans', 'programLengths', [...ids]] as const,
  terminals: (params: PlanTerminalSelectParams) => ['plans', 'terminalSelect', params] as const,
  delivery: (params: PlanDeliveryParams) => ['plans', 'delivery', params] as const,
  timeline: (params: TimelineParams) => ['plans', 'timeline', params] as const,
  reviews: (params: PlanReviewListParams) => ['plans', 'reviews', params] as const,
};

/** Search, filters, sort and page of the plan list. */
export interface PlanListParams {
  pageNo: number;
  pageSize: number;
  /** Part of the name. */
  keyword?: string;
  reviewState?: PlanSummary['reviewState'];
  validity?: PlanValidity;
  officeId?: number;
  sortField?: PlanSortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/playPlan/list — plans of the caller's data range, filtered, sorted and paged. */
export async function listPlans(params: PlanListParams, signal?: AbortSignal): Promise<Page<PlanSummary>> {
  return (await request<Page<PlanSummary>>(`${BASE}/list`, { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/playPlan/detail — one plan with its document and the programs it uses. */
export async function getPlan(id: number, signal?: AbortSignal): Promise<PlanDetail> {
  return (await request<PlanDetail>(`${BASE}/detail`, { params: { id }, signal })).data;
}

/**
 * POST /apm-web/a/api/playPlan/save — creates (no id) or updates a plan; errors to the caller
 * (400 naming `document.entries[i].<field>`, 409 planConflict when `baseRevision` is behind).
 */
export async function savePlan(body: PlanSaveBody): Promise<PlanSaved> {
  return (
    await request<PlanSaved>(`${BASE}/save`, {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/playPlan/check — the problems (errors and warnings) of an unsaved document. */
export async function checkPlan(document: PlanDocument, signal?: AbortSignal): Promise<PlanCheck> {
  return (
    await request<PlanCheck>(`${BASE}/check`, {
      method: 'POST',
      data: { document },
      requestType: 'json',
      skipErrorHandler: true,
      signal,
    })
  ).data;
}

/** POST /apm-web/a/api/playPlan/delete — deletes plans, all or nothing (errors to the caller). */
export async function deletePlans(ids: readonly number[]): Promise<void> {
  await request(`${BASE}/delete`, {
    method: 'POST',
    data: { ids: [...ids] },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/playPlan/copy — copies a plan (a new, unpublished plan; errors to the caller). */
export async function copyPlan(id: number): Promise<PlanSaved> {
  return (
    await request<PlanSaved>(`${BASE}/copy`, {
      method: 'POST',
      data: { id },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/playPlan/programLengths — the programs' cycle lengths, sizes and review states. */
export async function getProgramLengths(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<PlanProgram[]> {
  return (
    await request<PlanProgram[]>(`${BASE}/programLengths`, {
      params: { ids: ids.join(',') },
      signal,
    })
  ).data;
}

/** Filters and page of the terminals a plan can be published to. */
export interface PlanTerminalSelectParams {
  pageNo: number;
  pageSize: number;
  officeId?: number;
  groupId?: number;
  keyword?: string;
  online?: boolean;
  /** Marks the terminals this plan is published to; with `published`, filters on it. */
  planId?: number;
  published?: boolean;
}

/** GET /apm-web/a/api/playPlan/terminalSelect — one page of claimed terminals to publish a plan to. */
export async function selectPlanTerminals(
  params: PlanTerminalSelectParams,
  signal?: AbortSignal,
): Promise<Page<PublishTerminal>> {
  return (await request<Page<PublishTerminal>>(`${BASE}/terminalSelect`, { params: { ...params }, signal }))
    .data;
}

/** What the plan's `saveTerminals` sends. */
export interface SavePlanTerminalsBody {
  planId: number;
  terminalIds: number[];
  groupIds?: number[];
  mode: PublishMode;
}

/** POST /apm-web/a/api/playPlan/saveTerminals — publishes the plan to terminals (errors to the caller). */
export async function savePlanTerminals(body: SavePlanTerminalsBody): Promise<PlanPublishResult> {
  return (
    await request<PlanPublishResult>(`${BASE}/saveTerminals`, {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/playPlan/searchOffice — offices whose name contains `name` (for the publish trees). */
export async function searchPlanOffice(name: string, signal?: AbortSignal): Promise<OfficeSearchHit[]> {
  return (await request<OfficeSearchHit[]>(`${BASE}/searchOffice`, { params: { name }, signal })).data;
}

/** Filters and page of a plan's delivery view. */
export interface PlanDeliveryParams {
  planId: number;
  pageNo: number;
  pageSize: number;
  state?: DeliveryState;
  keyword?: string;
}

/** GET /apm-web/a/api/playPlan/delivery — where the plan stands on each of its terminals. */
export async function getPlanDelivery(
  params: PlanDeliveryParams,
  signal?: AbortSignal,
): Promise<DeliveryPage> {
  return (await request<DeliveryPage>(`${BASE}/delivery`, { params: { ...params }, signal })).data;
}

/** Whose timeline, over which range (ISO 8601 instants, at most `TIMELINE_MAX_DAYS`). */
export type TimelineParams = { from: string; to: string } & (
  | { terminalId: number }
  | { groupId: number; pageNo?: number; pageSize?: number }
  | { officeId: number; pageNo?: number; pageSize?: number }
);

/** GET /apm-web/a/api/playPlan/timeline — what plays on one terminal between `from` and `to`. */
export async function getTerminalTimeline(
  params: { terminalId: number; from: string; to: string },
  signal?: AbortSignal,
): Promise<TerminalTimeline> {
  return (await request<TerminalTimeline>(`${BASE}/timeline`, { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/playPlan/timeline — one page of the timelines of a group's or an office's terminals. */
export async function getTimelinePage(
  params: { from: string; to: string; pageNo?: number; pageSize?: number } & (
    { groupId: number } | { officeId: number }
  ),
  signal?: AbortSignal,
): Promise<TimelinePage> {
  return (await request<TimelinePage>(`${BASE}/timeline`, { params: { ...params }, signal })).data;
}

/** What `preview` sends: a document (saved or not) read in a terminal's zone or a given one. */
export interface PlanPreviewBody {
  document: PlanDocument;
  /** The plan it stands for (its other plans' entries are left out when previewing on a terminal). */
  planId?: number;
  /** Read in this terminal's zone, with its other plans. */
  terminalId?: number;
  /** IANA zone when no terminal is given (e.g. the browser's). */
  timeZone?: string;
  from: string;
  to: string;
}

/** Answer of `preview`: the timeline the document gives (terminal fields when one was asked). */
export interface PlanPreview {
  timeZone: string;
  from: string;
  to: string;
  segments: TimelineSegment[];
  terminalId?: number;
  terminalName?: string;
}

/** POST /apm-web/a/api/playPlan/preview — the timeline a plan document gives, before it is saved or published. */
export async function previewPlan(body: PlanPreviewBody, signal?: AbortSignal): Promise<PlanPreview> {
  return (
    await request<PlanPreview>(`${BASE}/preview`, {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
      signal,
    })
  ).data;
}

/** Filters and page of the plan review list (the server answers pending plans without `reviewState`). */
export interface PlanReviewListParams {
  pageNo: number;
  pageSize: number;
  reviewState?: PlanSummary['reviewState'];
  keyword?: string;
  officeId?: number;
}

/** GET /apm-web/a/api/review/plan/list — plans waiting for (or past) review in the caller's scope. */
export async function listPlanReviews(
  params: PlanReviewListParams,
  signal?: AbortSignal,
): Promise<Page<PlanSummary>> {
  return (await request<Page<PlanSummary>>(`${REVIEW}/list`, { params: { ...params }, signal })).data;
}

/** POST /apm-web/a/api/review/plan/approve — approves plans, with an optional note. */
export async function approvePlans(ids: number[], note?: string): Promise<void> {
  await request(`${REVIEW}/approve`, {
    method: 'POST',
    data: { ids, note: note || undefined },
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/review/plan/reject — rejects plans; the note (why) is required. */
export async function rejectPlans(ids: number[], note: string): Promise<void> {
  await request(`${REVIEW}/reject`, {
    method: 'POST',
    data: { ids, note },
    requestType: 'json',
    skipErrorHandler: true,
  });
}
