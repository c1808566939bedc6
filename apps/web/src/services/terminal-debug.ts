/**
 * Calls of the terminal debugging page: a terminal's live log stream (leases and lines), its last
 * errors, ping, reload and clear cache; the screen wall's screenshots and real-time monitor.
 */
import type {
  DebugCommandSent,
  DebugErrorsResult,
  DebugLogPage,
  DebugPingResult,
  DebugStreamLease,
  TerminalHealth,
  TerminalScreenshot,
} from '@apm/contract';
import type { Page } from './office';
import { request, type RequestParams } from './request';

const post = async <T>(path: string, data: Record<string, unknown>): Promise<T> =>
  (await request<T>(path, { method: 'POST', data, requestType: 'json', skipErrorHandler: true })).data;
const get = async <T>(path: string, params: RequestParams, signal?: AbortSignal): Promise<T> =>
  (await request<T>(path, { params, signal, skipErrorHandler: true })).data;

/** POST /apm-web/a/api/terminalDebug/ping — the round trip to the terminal, or why it did not answer. */
export function pingTerminal(terminalId: number): Promise<DebugPingResult> {
  return post('/a/api/terminalDebug/ping', { terminalId });
}

/** GET /apm-web/a/api/terminalDebug/errors — the terminal's last errors, newest first. */
export function getTerminalErrors(terminalId: number, signal?: AbortSignal): Promise<DebugErrorsResult> {
  return get('/a/api/terminalDebug/errors', { terminalId }, signal);
}

/** POST /apm-web/a/api/terminalDebug/logStream — takes or renews this page's lease on the log stream. */
export function openLogStream(terminalId: number, watcherId: string): Promise<DebugStreamLease> {
  return post('/a/api/terminalDebug/logStream', { terminalId, watcherId });
}

/** POST /apm-web/a/api/terminalDebug/closeLogStream — gives this page's lease up. */
export function closeLogStream(terminalId: number, watcherId: string): Promise<DebugStreamLease> {
  return post('/a/api/terminalDebug/closeLogStream', { terminalId, watcherId });
}

/** GET /apm-web/a/api/terminalDebug/logs — streamed lines after the cursor. */
export function getLogLines(terminalId: number, cursor: string, signal?: AbortSignal): Promise<DebugLogPage> {
  return get('/a/api/terminalDebug/logs', { terminalId, cursor: cursor || undefined }, signal);
}

/** POST /apm-web/a/api/terminalDebug/reload — the terminal reloads (acknowledged first). */
export function reloadTerminal(terminalId: number): Promise<DebugCommandSent> {
  return post('/a/api/terminalDebug/reload', { terminalId });
}

/** POST /apm-web/a/api/terminalDebug/clearCache — the terminal empties its cache and fetches everything again. */
export function clearTerminalCache(terminalId: number): Promise<DebugCommandSent> {
  return post('/a/api/terminalDebug/clearCache', { terminalId });
}

/** A tile of the screen wall: a terminal and its latest screenshot. */
export interface ScreenTile {
  id: number;
  name: string;
  officeName: string | null;
  online: boolean;
  lastSeenAt: string | null;
  screenshot: TerminalScreenshot | null;
}

/** GET /apm-web/a/api/terminal/screenBaseList — terminals of an office or group with their latest screenshot, paged. */
export function getScreenWall(
  params: { officeId?: number; groupId?: number; pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<ScreenTile>> {
  return get(
    '/a/api/terminal/screenBaseList',
    { ...params, status: undefined, sortField: 'name', sortOrder: 'asc' },
    signal,
  );
}

/** One terminal of the real-time monitor (the fields the wall shows). */
export interface LiveRow {
  id: number;
  online: boolean;
  health: TerminalHealth;
  lastSeenAt: string | null;
}

/** GET /apm-web/a/api/terminalSet/getRltMonitor — live presence of up to 500 terminals. */
export function getLiveRows(terminalIds: readonly number[], signal?: AbortSignal): Promise<LiveRow[]> {
  return get('/a/api/terminalSet/getRltMonitor', { terminalIds: terminalIds.join(',') }, signal);
}

/** POST /apm-web/a/api/terminalSet/screenShoot — the terminals take and upload a new screenshot. */
export function takeScreenshots(terminalIds: readonly number[]): Promise<{ batchId: string; count: number }> {
  return post('/a/api/terminalSet/screenShoot', { terminalIds: [...terminalIds] });
}
