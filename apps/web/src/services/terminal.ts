/** Terminal management calls (`/a/api/terminal/*`, `/a/api/terminalSet/*`) of the terminal monitor page. */
import type {
  CommandParams,
  OfficeNode,
  CommandDelivery,
  CommandDeliveryState,
  Terminal,
  TerminalGroupNode,
  TerminalLiveStatus,
  TerminalScreenshot,
  TerminalStatusCount,
} from '@apm/contract';
import { apiUrl, request } from './request';
import type { Page } from './office';

/** Which terminals a status filter keeps. */
export type TerminalStatusFilter = 'online' | 'offline' | 'pending';

/** Columns the terminal list sorts by (contract `TERMINAL_SORT_FIELDS`). */
export type TerminalSortField = 'name' | 'createdAt' | 'lastSeenAt' | 'online';

/** Search, filters, sort and page of the terminal list. */
export interface TerminalListParams {
  pageNo: number;
  pageSize: number;
  /** The office and the offices below it. */
  officeId?: number;
  groupId?: number;
  status?: TerminalStatusFilter;
  /** Part of the name or device id. */
  keyword?: string;
  sortField?: TerminalSortField;
  sortOrder?: 'asc' | 'desc';
}

/** A terminal with what the details drawer adds: settings pushed to it, remarks, pairing code, downloads. */
export type TerminalDetails = Terminal & {
  settings: Record<string, unknown>;
  remarks: string | null;
  pairingCode: string | null;
  /** Downloads under way or failed; the name is null for a material of no program published to the terminal. */
  downloads: (TerminalLiveStatus['downloads'][number] & { materialName: string | null })[];
  /** Its own IANA zone (settings); null: it inherits. */
  timeZone: string | null;
  /** The zone without its own: the nearest office up the tree with one, else the server's. */
  inheritedTimeZone: string;
  /** The zone its plans are read in: `timeZone`, else `inheritedTimeZone`. */
  effectiveTimeZone: string;
};

/** An institution of the terminal tree with the claimed terminals below it. */
export type TerminalOfficeNode = OfficeNode & { terminalCount: number; onlineCount: number };

/** What sending a command answers: one batch, one command per terminal with its first state. */
export interface CommandBatch {
  batchId: string;
  count: number;
  commands: { id: number; terminalId: number; state: CommandDeliveryState }[];
}

/** Commands the page sends, by their console route (spec "Terminal settings"/"Terminal operations"). */
export type ConsoleCommand =
  'reboot' | 'screenshot' | 'clearPrograms' | 'refreshPrograms' | 'deleteFiles' | 'reportLocation' | 'volume';

const COMMAND_ROUTES: Record<Exclude<ConsoleCommand, 'volume'>, string> = {
  reboot: '/a/api/terminalSet/reboot',
  screenshot: '/a/api/terminalSet/screenShoot',
  clearPrograms: '/a/api/terminalSet/doClearProgram',
  refreshPrograms: '/a/api/terminalSet/refreshTerminalPrograms',
  // Without materialIds the terminals delete every cached file.
  deleteFiles: '/a/api/terminalSet/deleteFileByTerminalIds',
  // "Auto get position": the terminals answer with where they are, which the server stores.
  reportLocation: '/a/api/terminalSet/autoGetPosition',
};

const ids = (list: readonly number[]) => list.join(',');

/** GET /apm-web/a/api/terminal/list — terminals in the caller's range, filtered, sorted and paged. */
export async function listTerminals(
  params: TerminalListParams,
  signal?: AbortSignal,
): Promise<Page<Terminal>> {
  return (await request<Page<Terminal>>('/a/api/terminal/list', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/terminal/treeDataNew — visible root institutions, or the children of `parentId`, with counts. */
export async function getTerminalOfficeTree(
  parentId?: number,
  signal?: AbortSignal,
): Promise<TerminalOfficeNode[]> {
  return (
    await request<TerminalOfficeNode[]>('/a/api/terminal/treeDataNew', { params: { parentId }, signal })
  ).data;
}

/** GET /apm-web/a/api/terminal/terminalStatusCount — total, online, offline and pending counts. */
export async function getTerminalStatusCount(
  params: { officeId?: number; groupId?: number },
  signal?: AbortSignal,
): Promise<TerminalStatusCount> {
  return (
    await request<TerminalStatusCount>('/a/api/terminal/terminalStatusCount', {
      params: { ...params },
      signal,
    })
  ).data;
}

/** GET /apm-web/a/api/terminal/groupTree — the terminal groups of an office, nested, with counts. */
export async function getGroupTree(officeId: number, signal?: AbortSignal): Promise<TerminalGroupNode[]> {
  return (await request<TerminalGroupNode[]>('/a/api/terminal/groupTree', { params: { officeId }, signal }))
    .data;
}

/** GET /apm-web/a/api/terminal/findTerminalStatusArray — live status of the given terminals. */
export async function findTerminalStatusArray(
  terminalIds: readonly number[],
  signal?: AbortSignal,
): Promise<TerminalLiveStatus[]> {
  return (
    await request<TerminalLiveStatus[]>('/a/api/terminal/findTerminalStatusArray', {
      params: { ids: ids(terminalIds) },
      signal,
    })
  ).data;
}

/** GET /apm-web/a/api/terminal/terminalDetails — one terminal with its settings. */
export async function getTerminalDetails(id: number, signal?: AbortSignal): Promise<TerminalDetails> {
  return (await request<TerminalDetails>('/a/api/terminal/terminalDetails', { params: { id }, signal })).data;
}

/** POST /apm-web/a/api/terminal/saveTerminalGroup — creates (no id) or renames a group. */
export async function saveTerminalGroup(body: {
  id?: number;
  officeId: number;
  parentId?: number | null;
  name: string;
}): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/terminal/saveTerminalGroup', {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/terminal/deleteTerminalGroup — deletes an empty group (409 otherwise). */
export async function deleteTerminalGroup(id: number): Promise<void> {
  await request('/a/api/terminal/deleteTerminalGroup', {
    method: 'POST',
    data: { id },
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/terminal/updateTerminalOffice — claims a pending terminal by its pairing code. */
export async function claimTerminal(body: {
  pairingCode: string;
  officeId: number;
  groupId?: number;
  name?: string;
}): Promise<{ terminalIds: number[] }> {
  return (
    await request<{ terminalIds: number[] }>('/a/api/terminal/updateTerminalOffice', {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}

/**
 * POST /apm-web/a/api/terminal/updateTerminalOffice — moves terminals to an institution and group
 * (`groupId: null` takes them out of any group) and renames one. JSON, so that null survives.
 */
export async function moveTerminals(body: {
  terminalIds: readonly number[];
  officeId?: number;
  groupId?: number | null;
  name?: string;
}): Promise<{ terminalIds: number[] }> {
  return (
    await request<{ terminalIds: number[] }>('/a/api/terminal/updateTerminalOffice', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/terminalSet/removeTerminals — removes terminals; they must pair again. */
export async function removeTerminals(terminalIds: readonly number[]): Promise<void> {
  await request('/a/api/terminalSet/removeTerminals', {
    method: 'POST',
    data: { terminalIds: ids(terminalIds) },
    skipErrorHandler: true,
  });
}

/**
 * Sends one command to terminals: its console route, or `terminalSet` for the volume (a stored
 * setting that is also sent). Answers the id of the batch whose delivery state to follow.
 */
export async function sendCommand(
  command: ConsoleCommand,
  terminalIds: readonly number[],
  params: { volume?: number } = {},
): Promise<{ batchId: string | null; count: number }> {
  if (command === 'volume') {
    const { batchIds, count } = (
      await request<{ batchIds: string[]; count: number }>('/a/api/terminalSet/terminalSet', {
        method: 'POST',
        data: { volume: params.volume, terminalIds: ids(terminalIds) },
        skipErrorHandler: true,
      })
    ).data;
    return { batchId: batchIds[0] ?? null, count };
  }
  const batch = (
    await request<CommandBatch>(COMMAND_ROUTES[command], {
      method: 'POST',
      data: { terminalIds: ids(terminalIds) },
      skipErrorHandler: true,
    })
  ).data;
  return { batchId: batch.batchId, count: batch.count };
}

/** A sent command: the batch whose delivery state to follow (none when no terminal matched) and its size. */
export interface SentCommand {
  batchId: string | null;
  count: number;
}

/** One entry of a power schedule: weekdays (0 = Sunday) and `HH:mm` on and off times. */
export type PowerScheduleEntry = CommandParams<'powerSchedule'>['entries'][number];

/** Posts a command route as JSON (numbers and arrays keep their types) and answers its batch. */
async function postCommand(path: string, body: Record<string, unknown>): Promise<SentCommand> {
  const batch = (
    await request<CommandBatch>(path, {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
  return { batchId: batch.batchId, count: batch.count };
}

/** POST /apm-web/a/api/terminalSet/playProgram — the terminals play a program of the caller's range now. */
export async function playProgram(terminalIds: readonly number[], programId: number): Promise<SentCommand> {
  return postCommand('/a/api/terminalSet/playProgram', { terminalIds: [...terminalIds], programId });
}

/** POST /apm-web/a/api/terminalSet/sendLocationOrder — stores the terminals' location and sends it. */
export async function sendLocation(
  terminalIds: readonly number[],
  location: CommandParams<'setLocation'>,
): Promise<SentCommand> {
  return postCommand('/a/api/terminalSet/sendLocationOrder', { terminalIds: [...terminalIds], ...location });
}

/** POST /apm-web/a/api/terminalSet/sendApkUpdate — tells the terminals to update their app from a URL. */
export async function sendAppUpdate(
  terminalIds: readonly number[],
  update: CommandParams<'updateApp'>,
): Promise<SentCommand> {
  return postCommand('/a/api/terminalSet/sendApkUpdate', { terminalIds: [...terminalIds], ...update });
}

/**
 * POST /apm-web/a/api/terminalSet/terminalSet — stores the power schedule in the terminals' settings
 * (an empty list turns scheduling off) and sends it.
 */
export async function sendPowerSchedule(
  terminalIds: readonly number[],
  entries: readonly PowerScheduleEntry[],
): Promise<SentCommand> {
  const { batchIds, count } = (
    await request<{ batchIds: string[]; count: number }>('/a/api/terminalSet/terminalSet', {
      method: 'POST',
      data: { terminalIds: [...terminalIds], powerSchedule: entries },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
  return { batchId: batchIds[0] ?? null, count };
}

/**
 * POST /apm-web/a/api/terminalSet/terminalSet with `timeZone` — the IANA zone the terminals' plans
 * are read in; null clears it (the office's applies). Kept in their settings, not a command: no batch.
 */
export async function sendTimeZone(
  terminalIds: readonly number[],
  timeZone: string | null,
): Promise<SentCommand> {
  const { batchIds, count } = (
    await request<{ batchIds: string[]; count: number }>('/a/api/terminalSet/terminalSet', {
      method: 'POST',
      data: { terminalIds: [...terminalIds], timeZone },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
  return { batchId: batchIds[0] ?? null, count };
}

/** GET /apm-web/a/api/terminal/commands — delivery state of a batch or of one terminal's commands. */
export async function listCommands(
  params: { batchId?: string; terminalId?: number; pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<CommandDelivery>> {
  return (await request<Page<CommandDelivery>>('/a/api/terminal/commands', { params: { ...params }, signal }))
    .data;
}

/** GET /apm-web/a/api/terminal/screenshots — a terminal's screenshot history, newest first. */
export async function listScreenshots(
  params: { terminalId: number; pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<TerminalScreenshot>> {
  return (
    await request<Page<TerminalScreenshot>>('/a/api/terminal/screenshots', { params: { ...params }, signal })
  ).data;
}

/** URL of a screenshot's image bytes (scope-checked by the server). */
export function screenshotUrl(id: number): string {
  return apiUrl(`/a/api/terminal/screenshot/${id}`);
}

/** A pending terminal that registered from the operator's own network (auto scan). */
export interface ScannedTerminal {
  id: number;
  deviceId: string;
  name: string;
  platform: string;
  appVersion: string | null;
  resolution: string | null;
  registeredAt: string;
  online: boolean;
}

/** POST /apm-web/a/api/terminalSet/autoScanTerminal — pending terminals registered from the caller's network today. */
export async function scanNearbyTerminals(): Promise<ScannedTerminal[]> {
  return (await request<ScannedTerminal[]>('/a/api/terminalSet/autoScanTerminal', { method: 'POST' })).data;
}

/** GET /apm-web/a/api/terminalSet/getAutoScanTerminalInfo — one scanned terminal with its pairing code. */
export async function getScannedTerminal(
  terminalId: number,
): Promise<ScannedTerminal & { pairingCode: string | null }> {
  return (
    await request<ScannedTerminal & { pairingCode: string | null }>(
      '/a/api/terminalSet/getAutoScanTerminalInfo',
      { params: { terminalId }, skipErrorHandler: true },
    )
  ).data;
}
