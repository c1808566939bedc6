/** The alarm centre (`/a/api/abnormalAlarm/*`): alarms, their handling, exports and notification rules. */
import type {
  AlarmHandling,
  AlarmNotificationView,
  AlarmRule,
  AlarmRuleInput,
  AlarmSeverity,
  AlarmType,
  AlarmView,
} from '@apm/contract';
import { downloadFile } from './download';
import { request } from './request';

const BASE = '/a/api/abnormalAlarm';

/** Filters of the alarm list, its exports and its bulk actions. */
export interface AlarmFilters {
  type?: AlarmType;
  severity?: AlarmSeverity;
  /** active: still happening; ended: over; cleared / uncleared: resolved or not. */
  state?: 'active' | 'ended' | 'cleared' | 'uncleared';
  handling?: AlarmHandling;
  terminalId?: number;
  officeId?: number;
  assigneeId?: number;
  keyword?: string;
  from?: string;
  to?: string;
}

/** Paging of the alarm list. */
export interface AlarmListParams extends AlarmFilters {
  pageNo: number;
  pageSize: number;
}

/** Which alarms a bulk action takes: those chosen, or every one matching the filters. */
export type AlarmTarget = { ids: number[] } | { all: true; filters: AlarmFilters };

/** An alarm with what the notification rules did with it. */
export type AlarmDetail = AlarmView & { notifications: AlarmNotificationView[] };

/** What the header's alarm badge shows. */
export interface PendingAlarms {
  has: boolean;
  count: number;
  unacknowledged: number;
  latestId: number | null;
}

const targetBody = (target: AlarmTarget) => ('all' in target ? { all: true, ...target.filters } : target);

/** GET /apm-web/a/api/abnormalAlarm/abnormalAlarmList — alarms in the caller's range, newest first, paged. */
export async function listAlarms(params: AlarmListParams, signal?: AbortSignal) {
  return (
    await request<{ list: AlarmView[]; count: number }>(`${BASE}/abnormalAlarmList`, {
      params: { ...params },
      signal,
    })
  ).data;
}

/** GET /apm-web/a/api/abnormalAlarm/abnormalAlarmClearDeail — one alarm with who handled it and its notifications. */
export async function getAlarm(id: number, signal?: AbortSignal): Promise<AlarmDetail> {
  return (await request<AlarmDetail>(`${BASE}/abnormalAlarmClearDeail`, { params: { id }, signal })).data;
}

/** GET /apm-web/a/api/abnormalAlarm/askIsHaveAbnormalAlarm — unresolved alarms: how many, unacknowledged, newest id. */
export async function askPendingAlarms(signal?: AbortSignal): Promise<PendingAlarms> {
  return (await request<PendingAlarms>(`${BASE}/askIsHaveAbnormalAlarm`, { signal, skipErrorHandler: true }))
    .data;
}

/** POST /apm-web/a/api/abnormalAlarm/acknowledge — acknowledges the target's new alarms, with an optional note. */
export async function acknowledgeAlarms(target: AlarmTarget, note?: string): Promise<number> {
  const body = { ...targetBody(target), ...(note ? { note } : {}) };
  return (
    await request<{ acknowledged: number }>(`${BASE}/acknowledge`, {
      method: 'POST',
      data: body,
      requestType: 'json',
    })
  ).data.acknowledged;
}

/** POST /apm-web/a/api/abnormalAlarm/assign — assigns the target's unresolved alarms (null: nobody). */
export async function assignAlarms(
  target: AlarmTarget,
  assigneeId: number | null,
  note?: string,
): Promise<number> {
  const body = { ...targetBody(target), assigneeId, ...(note ? { note } : {}) };
  return (
    await request<{ assigned: number }>(`${BASE}/assign`, { method: 'POST', data: body, requestType: 'json' })
  ).data.assigned;
}

/** POST /apm-web/a/api/abnormalAlarm/abnormalAlarmCleanUp — resolves (cleans up) the target's alarms. */
export async function resolveAlarms(target: AlarmTarget): Promise<number> {
  return (
    await request<{ cleared: number }>(`${BASE}/abnormalAlarmCleanUp`, {
      method: 'POST',
      data: targetBody(target),
      requestType: 'json',
    })
  ).data.cleared;
}

/** GET /apm-web/a/api/abnormalAlarm/assignees — users of the organisation alarms can be assigned to. */
export async function listAlarmAssignees(keyword: string | undefined, signal?: AbortSignal) {
  return (
    await request<{ id: number; name: string; loginName: string }[]>(`${BASE}/assignees`, {
      params: { keyword },
      signal,
    })
  ).data;
}

/**
 * POST /apm-web/a/api/abnormalAlarm/allAbnormalAlarmExport (every match) or onlyAbnormalAlarmExport
 * (the chosen ones, else those still happening) — saves the streamed CSV or XLSX; answers its name.
 */
export function downloadAlarmExport(
  only: boolean,
  filters: AlarmFilters,
  format: 'csv' | 'xlsx',
  ids?: number[],
): Promise<string> {
  const path = `${BASE}/${only ? 'onlyAbnormalAlarmExport' : 'allAbnormalAlarmExport'}`;
  return downloadFile(
    path,
    { ...filters, format, ...(ids?.length ? { ids } : {}) },
    `abnormal-alarms.${format}`,
  );
}

/** GET /apm-web/a/api/abnormalAlarm/rules — notification rules in the caller's range. */
export async function listAlarmRules(signal?: AbortSignal): Promise<AlarmRule[]> {
  return (await request<AlarmRule[]>(`${BASE}/rules`, { signal })).data;
}

/** POST /apm-web/a/api/abnormalAlarm/saveRule — creates (no id) or updates a notification rule. */
export async function saveAlarmRule(input: AlarmRuleInput): Promise<number> {
  return (
    await request<{ id: number }>(`${BASE}/saveRule`, {
      method: 'POST',
      data: input,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data.id;
}

/** POST /apm-web/a/api/abnormalAlarm/deleteRule — deletes a notification rule. */
export async function deleteAlarmRule(id: number): Promise<void> {
  await request(`${BASE}/deleteRule`, { method: 'POST', data: { id }, requestType: 'json' });
}
