/**
 * Calls of the terminal info and terminal settings pages: display settings and their delivery
 * state, volume messages, republish, play queue, app update info, publish counts, online periods.
 */
import type { CommandDeliveryState, DisplaySettings, StrategyVolumeRule } from '@apm/contract';
import type { Page } from './office';
import { request, type RequestParams } from './request';

/** The last delivery of one setting command to one terminal. */
export interface SettingDelivery {
  commandId: number;
  state: CommandDeliveryState;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  createdAt: string;
  doneAt: string | null;
}

/** Setting commands whose last delivery is shown per terminal. */
export type SettingCommand = 'volume' | 'powerSchedule' | 'displaySettings';

/** One terminal's settings as kept and reported, with the last delivery of each setting command. */
export interface TerminalSettingsState {
  id: number;
  name: string;
  online: boolean;
  settings: Record<string, unknown>;
  reportedVolume: number | null;
  deliveries: Partial<Record<SettingCommand, SettingDelivery>>;
}

/** Answer of `settingsState`. */
export interface SettingsStates {
  heartbeatSeconds: number;
  offlineSeconds: number;
  terminals: TerminalSettingsState[];
}

/** What a command route answers. */
export interface SentBatch {
  batchId: string;
  count: number;
}

const post = async <T>(path: string, data: Record<string, unknown>): Promise<T> =>
  (await request<T>(path, { method: 'POST', data, requestType: 'json', skipErrorHandler: true })).data;
const get = async <T>(path: string, params: RequestParams, signal?: AbortSignal): Promise<T> =>
  (await request<T>(path, { params, signal })).data;

/** GET /apm-web/a/api/terminalSet/settingsState — settings, reported volume and last deliveries of terminals. */
export function getSettingsStates(
  terminalIds: readonly number[],
  signal?: AbortSignal,
): Promise<SettingsStates> {
  return get('/a/api/terminalSet/settingsState', { terminalIds: terminalIds.join(',') }, signal);
}

/** POST /apm-web/a/api/terminalSet/displaySet — brightness, rotation, download window, screenshot interval. */
export function sendDisplaySettings(
  terminalIds: readonly number[],
  settings: DisplaySettings,
): Promise<SentBatch> {
  return post('/a/api/terminalSet/displaySet', { terminalIds: [...terminalIds], ...settings });
}

/** POST /apm-web/a/api/terminalSet/terminalSet — the volume, kept and sent. */
export function sendVolume(terminalIds: readonly number[], volume: number): Promise<{ batchIds: string[] }> {
  return post('/a/api/terminalSet/terminalSet', { terminalIds: [...terminalIds], volume });
}

/** POST /apm-web/a/api/terminal/updateTerminalOffice — renames terminals (one here). */
export function renameTerminal(terminalId: number, name: string): Promise<unknown> {
  return post('/a/api/terminal/updateTerminalOffice', { terminalIds: [terminalId], name });
}

/** Answer of `getVolMsg`. */
export interface VolumeMessage {
  terminalId: number;
  name: string;
  online: boolean;
  setting: number | null;
  reported: number | null;
  lastCommand: SettingDelivery | null;
}

/** GET /apm-web/a/api/terminalSet/getVolMsg — the volume set on a terminal and the one it reports. */
export function getVolumeMessage(terminalId: number, signal?: AbortSignal): Promise<VolumeMessage> {
  return get('/a/api/terminalSet/getVolMsg', { terminalId }, signal);
}

/** Answer of `getVolMsgByType`. */
export interface VolumeBySource {
  terminalId: number;
  manual: number | null;
  strategy: { id: number; name: string; rules: StrategyVolumeRule[] } | null;
  default: number;
}

/** GET /apm-web/a/api/terminalSet/getVolMsgByType — a terminal's volume by source (manual, strategy, default). */
export function getVolumeBySource(terminalId: number, signal?: AbortSignal): Promise<VolumeBySource> {
  return get('/a/api/terminalSet/getVolMsgByType', { terminalId }, signal);
}

/** One volume command of the history. */
export type VolumeChange = SettingDelivery & {
  terminalId: number;
  terminalName: string;
  volume: number | null;
  createdBy: string | null;
};

/** GET /apm-web/a/api/terminalSet/volList — volume commands of a terminal, newest first. */
export function listVolumeChanges(
  params: { terminalId?: number; pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<VolumeChange>> {
  return get('/a/api/terminalSet/volList', { ...params }, signal);
}

/** POST /apm-web/a/api/terminalSet/republishProgram — the terminals fetch their programs again. */
export function republishPrograms(terminalIds: readonly number[]): Promise<SentBatch> {
  return post('/a/api/terminalSet/republishProgram', { terminalIds: [...terminalIds] });
}

/** Answer of `programPlayQueue`. */
export interface PlayQueue {
  terminalId: number;
  programs: {
    id: number;
    name: string;
    position: number;
    sort: number;
    startAt: string | null;
    endAt: string | null;
  }[];
  plans: { id: number; name: string }[];
}

/** GET /apm-web/a/api/terminalSet/programPlayQueue — the order a terminal rotates its programs in. */
export function getPlayQueue(terminalId: number, signal?: AbortSignal): Promise<PlayQueue> {
  return get('/a/api/terminalSet/programPlayQueue', { terminalId }, signal);
}

/** POST /apm-web/a/api/terminalSet/programPlayQueue — sets that order (each published program once). */
export function setPlayQueue(terminalId: number, programIds: readonly number[]): Promise<PlayQueue> {
  return post('/a/api/terminalSet/programPlayQueue', { terminalId, programIds: [...programIds] });
}

/** Answer of `apkUpdateInfo`. */
export interface AppUpdateInfo {
  terminalId: number;
  platform: string;
  appVersion: string | null;
  lastUpdate: (SettingDelivery & { version: string | null; url: string | null }) | null;
}

/** GET /apm-web/a/api/terminalSet/apkUpdateInfo — the app version reported and the last update sent. */
export function getAppUpdateInfo(terminalId: number, signal?: AbortSignal): Promise<AppUpdateInfo> {
  return get('/a/api/terminalSet/apkUpdateInfo', { terminalId }, signal);
}

/** Answer of `publishCounts`. */
export interface PublishCounts {
  terminals: number;
  programs: number;
  plans: number;
  messages: number;
  publications: { programs: number; plans: number; messages: number };
}

/** GET /apm-web/a/api/terminalSet/publishCounts — programs, plans and messages published to a terminal. */
export function getPublishCounts(
  target: { terminalId?: number; groupId?: number; officeId?: number },
  signal?: AbortSignal,
): Promise<PublishCounts> {
  return get('/a/api/terminalSet/publishCounts', { ...target }, signal);
}

/** A span of time; `to` null while it lasts. */
export interface Period {
  from: string;
  to: string | null;
}

/** Answer of `onlinePeriods`. */
export interface OnlinePeriods {
  terminalId: number;
  from: string;
  online: boolean;
  onlineSince: string | null;
  lastSeenAt: string | null;
  /** The network address it registered from. */
  networkAddress: string | null;
  onlinePeriods: Period[];
  offlinePeriods: Period[];
}

/** GET /apm-web/a/api/terminal/onlinePeriods — a terminal's online and offline periods over the last days. */
export function getOnlinePeriods(
  terminalId: number,
  days: number,
  signal?: AbortSignal,
): Promise<OnlinePeriods> {
  return get('/a/api/terminal/onlinePeriods', { terminalId, days }, signal);
}

/** A program published to a terminal (`getRltPrograms`). */
export interface PublishedProgram {
  id: number;
  name: string;
  revision: number;
  reviewState: string;
  sort: number;
  publishedAt: string;
}

/** GET /apm-web/a/api/terminalSet/getRltPrograms — the programs published to a terminal, in play order. */
export function getPublishedPrograms(terminalId: number, signal?: AbortSignal): Promise<PublishedProgram[]> {
  return get('/a/api/terminalSet/getRltPrograms', { terminalId }, signal);
}

/** One terminal as the real-time monitor reports it (the fields this page shows). */
export interface MonitorRow {
  id: number;
  online: boolean;
  clockSkewMs: number | null;
}

/** GET /apm-web/a/api/terminalSet/getRltMonitor — live presence of one terminal, with its clock offset. */
export async function getMonitorRow(terminalId: number, signal?: AbortSignal): Promise<MonitorRow | null> {
  const rows = await get<MonitorRow[]>(
    '/a/api/terminalSet/getRltMonitor',
    { terminalIds: String(terminalId) },
    signal,
  );
  return rows[0] ?? null;
}
