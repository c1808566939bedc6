/**
 * Statistics calls (`/a/api/statistics/*`): fleet counts, online time, sign-ins, resources, widgets,
 * office figures, startup rate, head counts, and proof of play (summary, top lists, reconciliation,
 * CSV / XLSX export, campaign PDF report), the online-rate map and the options of the pages' pickers.
 */
import type {
  HeadCount,
  LoginActivity,
  OfficeInstant,
  OnlineMap,
  OnlineTime,
  PlayDimension,
  PlaySubject,
  PlaySummary,
  PlayTopRow,
  Reconcile,
  ResourceCases,
  StartupRate,
  StatsExportFormat,
  StatsGranularity,
  StatsOptionKind,
  StatsOptions,
  TerminalCount,
  WidgetActivity,
  WidgetNumber,
} from '@apm/contract';
import { saveResponse } from './download';
import type { Page } from './office';
import { apiUrl, request, type RequestParams } from './request';

const BASE = '/a/api/statistics';

/** Query keys of statistics (prefix `['statistics']`). */
export const statisticsKeys = {
  all: ['statistics'] as const,
  of: (call: string, params: object) => ['statistics', call, params] as const,
};

/** The period and filters every period call takes. */
export interface StatsPeriodParams {
  from: string;
  to: string;
  timeZone?: string;
  granularity?: StatsGranularity;
  officeId?: number;
  terminalId?: number;
}

/** Filters of proof-of-play calls. */
export interface PlayParams extends StatsPeriodParams {
  subject?: PlaySubject;
  programId?: number;
  materialId?: number;
}

/** Top-list params (sorted and paged on the server). */
export interface PlayTopParams extends PlayParams {
  dimension: PlayDimension;
  pageNo: number;
  pageSize: number;
  sortField?: 'plays' | 'seconds' | 'name';
  sortOrder?: 'asc' | 'desc';
}

/** Reconciliation params: a plan or a program, a period of at most 31 days, a page of terminals. */
export interface ReconcileParams {
  from: string;
  to: string;
  planId?: number;
  programId?: number;
  officeId?: number;
  pageNo: number;
  pageSize: number;
}

const get = async <T>(path: string, params: object, signal?: AbortSignal): Promise<T> =>
  (await request<T>(`${BASE}/${path}`, { params: params as RequestParams, signal })).data;

const post = async <T>(path: string, data: object, signal?: AbortSignal): Promise<T> =>
  (await request<T>(`${BASE}/${path}`, { method: 'POST', data, requestType: 'json', signal })).data;

/** GET terminalCount — claimed terminals of the range now. */
export const getTerminalCount = (params: { officeId?: number }, signal?: AbortSignal) =>
  get<TerminalCount>('terminalCount', params, signal);
/** GET onlineTime — online seconds per bucket, the online rate and by office. */
export const getOnlineTime = (params: StatsPeriodParams, signal?: AbortSignal) =>
  get<OnlineTime>('onlineTime', params, signal);
/** GET loginActivity — sign-ins per bucket, hour, user and device. */
export const getLoginActivity = (params: StatsPeriodParams, signal?: AbortSignal) =>
  get<LoginActivity>('loginActivity', params, signal);
/** GET resourceCases — materials, programs, plans and messages now. */
export const getResourceCases = (params: { officeId?: number }, signal?: AbortSignal) =>
  get<ResourceCases>('resourceCases', params, signal);
/** GET widgetNumber — widget types and their use in programs. */
export const getWidgetNumber = (params: { officeId?: number }, signal?: AbortSignal) =>
  get<WidgetNumber>('widgetNumber', params, signal);
/** GET widgetClick / widgetUse — reported widget events by type. */
export const getWidgetActivity = (
  kind: 'widgetClick' | 'widgetUse',
  params: StatsPeriodParams,
  signal?: AbortSignal,
) => get<WidgetActivity>(kind, params, signal);
/** GET officeInstant — the office and its children now and today. */
export const getOfficeInstant = (params: { officeId?: number; timeZone?: string }, signal?: AbortSignal) =>
  get<OfficeInstant>('officeInstant', params, signal);
/** POST startupRate — terminals started per bucket. */
export const getStartupRate = (params: StatsPeriodParams, signal?: AbortSignal) =>
  post<StartupRate>('startupRate', params, signal);
/** POST headCount — people counted per bucket, hour and terminal. */
export const getHeadCount = (params: StatsPeriodParams, signal?: AbortSignal) =>
  post<HeadCount>('headCount', params, signal);
/** GET plays — proof-of-play totals, series and heat map. */
export const getPlays = (params: PlayParams, signal?: AbortSignal) =>
  get<PlaySummary>('plays', params, signal);

/** GET playTop — one page of programs, materials, messages, terminals or offices by plays. */
export async function getPlayTop(
  { sortField, sortOrder, ...params }: PlayTopParams,
  signal?: AbortSignal,
): Promise<Page<PlayTopRow>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'desc' } : {}) };
  return get<Page<PlayTopRow>>('playTop', query, signal);
}

/** GET onlineMap — the positioned terminals of the scope with their online rate, lowest first. */
export const getOnlineMap = (params: StatsPeriodParams & { limit?: number }, signal?: AbortSignal) =>
  get<OnlineMap>('onlineMap', params, signal);

/** Params of a picker's options: part of the name, how many (1–100), an office and below. */
export interface StatsOptionParams {
  keyword?: string;
  limit?: number;
  officeId?: number;
}

/** GET options/{terminals|programs|materials|plans} — id and name of what the caller's range holds, by name. */
export const getStatsOptions = (kind: StatsOptionKind, params: StatsOptionParams, signal?: AbortSignal) =>
  get<StatsOptions>(`options/${kind}`, params, signal);

/** GET reconcile — scheduled vs played for a plan or a program, a page of its terminals. */
export const getReconcile = (params: ReconcileParams, signal?: AbortSignal) =>
  get<Reconcile>('reconcile', params, signal);

/**
 * GETs a file the server streams (export, report) and saves it under the name the server gives;
 * answers that name. Throws a {@link RequestError} when the server refuses (a JSON envelope).
 */
async function downloadGet(path: string, params: object, fallback: string): Promise<string> {
  const response = await fetch(apiUrl(`${BASE}/${path}`, params as RequestParams), {
    credentials: 'include',
  });
  return saveResponse(response, fallback);
}

/** GET playExport — plays per bucket and dimension as CSV or XLSX. */
export const exportPlays = (params: PlayParams & { dimension: PlayDimension; format: StatsExportFormat }) =>
  downloadGet('playExport', params, `plays.${params.format}`);

/** GET campaignReport — the PDF report of a plan or a program over a period. */
export const downloadCampaignReport = (params: {
  from: string;
  to: string;
  timeZone?: string;
  planId?: number;
  programId?: number;
  officeId?: number;
}) => downloadGet('campaignReport', params, 'campaign.pdf');

/** GET loginExport — sign-ins per user over the period as CSV or XLSX. */
export const exportLogins = (params: StatsPeriodParams & { format: StatsExportFormat }) =>
  downloadGet('loginExport', params, `sign-ins.${params.format}`);
