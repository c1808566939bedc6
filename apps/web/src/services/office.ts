/** Institution (office) calls (`/a/api/office/*`). */
import type { OfficeDetail, OfficeKind, OfficeNode, OfficeSearchHit } from '@apm/contract';
import { request } from './request';

/** An office or agent as the agent-activation list shows it. */
export interface AgentItem {
  id: number;
  name: string;
  kind: OfficeKind;
  parentId: number | null;
  parentName: string | null;
  storageQuotaMb: number | null;
  terminalQuota: number | null;
}

/** A paged list answer. */
export interface Page<T> {
  list: T[];
  count: number;
  pageNo: number;
  pageSize: number;
}

/** Fields of an office save; no id creates under `parentId`. */
export interface OfficeSaveBody {
  id?: number;
  parentId?: number;
  name: string;
  sort?: number;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  remarks?: string | null;
  /** IANA zone of its terminals' plans; null clears it (inherited), absent leaves it. */
  timeZone?: string | null;
}

/** Capacity of an agent or customer; null: no quota of its own. */
export interface CapacityBody {
  storageQuotaMb: number | null;
  terminalQuota: number | null;
}

/** GET /apm-web/a/api/office/treeDataNew — the caller's visible roots, or the children of `parentId`. */
export async function getOfficeTree(parentId?: number): Promise<OfficeNode[]> {
  return (await request<OfficeNode[]>('/a/api/office/treeDataNew', { params: { parentId } })).data;
}

/** GET /apm-web/a/api/office/officeDynamicData — children of an office (lazy loading). */
export async function getOfficeChildren(id: number): Promise<OfficeNode[]> {
  return (await request<OfficeNode[]>('/a/api/office/officeDynamicData', { params: { id } })).data;
}

/** GET /apm-web/a/api/office/searchOffice — offices whose name contains `name` (at most 50). */
export async function searchOffice(name: string, signal?: AbortSignal): Promise<OfficeSearchHit[]> {
  return (await request<OfficeSearchHit[]>('/a/api/office/searchOffice', { params: { name }, signal })).data;
}

/** GET /apm-web/a/api/office/officeNode — one office of the caller's range with its path names. */
export async function getOfficeNode(id: number): Promise<OfficeSearchHit> {
  return (
    await request<OfficeSearchHit>('/a/api/office/officeNode', { params: { id }, skipErrorHandler: true })
  ).data;
}

/** GET /apm-web/a/api/office/officeInfo — one office with every form field. */
export async function getOfficeInfo(id: number): Promise<OfficeDetail> {
  return (await request<OfficeDetail>('/a/api/office/officeInfo', { params: { id } })).data;
}

/** POST /apm-web/a/api/office/save — creates or edits an office. */
export async function saveOffice(body: OfficeSaveBody): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/office/save', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/office/deleteOffice — deletes an office (refused while anything belongs to it). */
export async function deleteOffice(id: number): Promise<void> {
  await request('/a/api/office/deleteOffice', { method: 'POST', data: { id }, skipErrorHandler: true });
}

/** POST /apm-web/a/api/office/moveinstitude — moves an office and its subtree under a new parent. */
export async function moveOffice(id: number, parentId: number): Promise<void> {
  await request('/a/api/office/moveinstitude', {
    method: 'POST',
    data: { id, parentId },
    skipErrorHandler: true,
  });
}

/** GET /apm-web/a/api/office/agentList — offices that may become agents, and agents. */
export async function getAgentList(params: {
  pageNo: number;
  pageSize: number;
  name?: string;
  kind?: 'office' | 'agent';
}): Promise<Page<AgentItem>> {
  return (await request<Page<AgentItem>>('/a/api/office/agentList', { params })).data;
}

/** POST /apm-web/a/api/office/openAgentOffice — turns an office into an agent with a capacity. */
export async function openAgentOffice(body: { id: number } & CapacityBody): Promise<void> {
  await request('/a/api/office/openAgentOffice', {
    method: 'POST',
    data: body,
    requestType: 'json',
    skipErrorHandler: true,
  });
}
