/**
 * Terminal strategy calls (`/a/api/strategy/*`): list, detail, save, delete, the policies (all or
 * one), linking and unlinking terminals, the linked terminals with their delivery state, the
 * terminals that can be linked, and sending.
 */
import type {
  PublishTerminal,
  StrategyDeliveryState,
  StrategyDetail,
  StrategyDocument,
  StrategySaveBody,
  StrategySent,
  StrategySortField,
  StrategySummary,
  StrategyTerminalPage,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/strategy';

/** Query keys of strategy data (prefix `['strategy']`), so a change can refresh them all. */
export const strategyKeys = {
  all: ['strategy'] as const,
  list: ['strategy', 'list'] as const,
  terminals: (id: number) => ['strategy', 'terminals', id] as const,
  choice: (id: number) => ['strategy', 'choice', id] as const,
};

/** Search, sort and page of the strategy list (the table's names; sent as `sort`/`order`). */
export interface StrategyListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  sortField?: StrategySortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/strategy/list — strategies of the caller's range, searched, sorted and paged. */
export async function listStrategies(
  { sortField, sortOrder, ...params }: StrategyListParams,
  signal?: AbortSignal,
): Promise<Page<StrategySummary>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'asc' } : {}) };
  return (await request<Page<StrategySummary>>(`${BASE}/list`, { params: query, signal })).data;
}

/** GET /apm-web/a/api/strategy/strategyDetail — one strategy with its policies. */
export async function getStrategy(id: number, signal?: AbortSignal): Promise<StrategyDetail> {
  return (await request<StrategyDetail>(`${BASE}/strategyDetail`, { params: { id }, signal })).data;
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

/** POST /apm-web/a/api/strategy/saveStrategy — creates (no id) or updates a strategy (errors handled by the form). */
export function saveStrategy(
  body: StrategySaveBody & { document?: StrategyDocument },
): Promise<StrategyDetail> {
  return post('saveStrategy', body);
}

/** POST /apm-web/a/api/strategy/deleteStrategy — deletes strategies (their terminals drop them). */
export function deleteStrategies(ids: number[]): Promise<null> {
  return post('deleteStrategy', { ids });
}

/** POST /apm-web/a/api/strategy/relationTerminals — links terminals (moving them from another strategy). */
export function linkTerminals(id: number, terminalIds: number[]): Promise<{ linked: number; moved: number }> {
  return post('relationTerminals', { id, terminalIds });
}

/** POST /apm-web/a/api/strategy/disassociateTerminals — unlinks terminals. */
export function unlinkTerminals(id: number, terminalIds: number[]): Promise<{ unlinked: number }> {
  return post('disassociateTerminals', { id, terminalIds });
}

/** POST /apm-web/a/api/strategy/sendStrategy — sends the strategy to its linked terminals (or those named). */
export function sendStrategy(id: number, terminalIds?: number[]): Promise<StrategySent> {
  return post('sendStrategy', { id, ...(terminalIds?.length ? { terminalIds } : {}) });
}

/** Query of the linked terminals. */
export interface StrategyTerminalsParams {
  id: number;
  pageNo: number;
  pageSize: number;
  keyword?: string;
  state?: StrategyDeliveryState;
}

/** GET /apm-web/a/api/strategy/findRelationTerminals — linked terminals with their delivery state. */
export async function strategyTerminals(
  params: StrategyTerminalsParams,
  signal?: AbortSignal,
): Promise<StrategyTerminalPage> {
  return (
    await request<StrategyTerminalPage>(`${BASE}/findRelationTerminals`, { params: { ...params }, signal })
  ).data;
}

/** Query of the terminals that can be linked. */
export interface StrategyChoiceParams {
  id: number;
  pageNo: number;
  pageSize: number;
  keyword?: string;
  online?: boolean;
}

/** GET /apm-web/a/api/strategy/terminalSelect — terminals of the caller's range, `published` = linked here. */
export async function selectStrategyTerminals(
  params: StrategyChoiceParams,
  signal?: AbortSignal,
): Promise<Page<PublishTerminal>> {
  return (await request<Page<PublishTerminal>>(`${BASE}/terminalSelect`, { params: { ...params }, signal }))
    .data;
}
