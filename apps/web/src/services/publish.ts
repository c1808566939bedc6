/** Program publishing calls (`/a/api/publishProgram/*`): trees, terminal choice, saving, delivery, retry. */
import type {
  DeliveryPage,
  DeliveryRetry,
  DeliveryState,
  PublishMode,
  PublishOfficeNode,
  PublishResult,
  PublishTerminal,
  TerminalGroupNode,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/publishProgram';

/** Filters and page of the terminals to choose from. */
export interface TerminalSelectParams {
  pageNo: number;
  pageSize: number;
  officeId?: number;
  groupId?: number;
  keyword?: string;
  online?: boolean;
  /** Marks the terminals this program is published to; with `published`, filters on it. */
  programId?: number;
  published?: boolean;
}

/** GET /apm-web/a/api/publishProgram/officeTreeMap — every office of the caller's range, flat, parents first. */
export async function getPublishOfficeTree(signal?: AbortSignal): Promise<PublishOfficeNode[]> {
  return (await request<PublishOfficeNode[]>(`${BASE}/officeTreeMap`, { signal })).data;
}

/** GET /apm-web/a/api/publishProgram/groupTreeMap — terminal groups of the caller's range, nested, with counts. */
export async function getPublishGroupTree(signal?: AbortSignal): Promise<TerminalGroupNode[]> {
  return (await request<TerminalGroupNode[]>(`${BASE}/groupTreeMap`, { signal })).data;
}

/** GET /apm-web/a/api/publishProgram/terminalSelect — one page of claimed terminals to publish to. */
export async function selectTerminals(
  params: TerminalSelectParams,
  signal?: AbortSignal,
): Promise<Page<PublishTerminal>> {
  return (await request<Page<PublishTerminal>>(`${BASE}/terminalSelect`, { params: { ...params }, signal }))
    .data;
}

/** What `saveTerminals` sends. */
export interface SaveTerminalsBody {
  programId: number;
  terminalIds: number[];
  groupIds?: number[];
  mode: PublishMode;
  /** ISO 8601; null: no bound ("now" / no end). */
  startAt: string | null;
  endAt: string | null;
}

/** POST /apm-web/a/api/publishProgram/saveTerminals — publishes the program (errors to the caller). */
export async function saveTerminals(body: SaveTerminalsBody): Promise<PublishResult> {
  return (
    await request<PublishResult>(`${BASE}/saveTerminals`, {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** Filters and page of the delivery view. */
export interface DeliveryParams {
  programId: number;
  pageNo: number;
  pageSize: number;
  state?: DeliveryState;
  keyword?: string;
}

/** GET /apm-web/a/api/publishProgram/delivery — where the program stands on each of its terminals. */
export async function getDelivery(params: DeliveryParams, signal?: AbortSignal): Promise<DeliveryPage> {
  return (await request<DeliveryPage>(`${BASE}/delivery`, { params: { ...params }, signal })).data;
}

/** POST /apm-web/a/api/publishProgram/retryDelivery — tells failed terminals (all, or these) to fetch again. */
export async function retryDelivery(programId: number, terminalIds?: number[]): Promise<DeliveryRetry> {
  return (
    await request<DeliveryRetry>(`${BASE}/retryDelivery`, {
      method: 'POST',
      data: { programId, terminalIds },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}
