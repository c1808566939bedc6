/**
 * The system log (spec section 7 "Logs"): the audit records as GET /a/api/log/ajaxScrollLog,
 * GET /a/api/log/detailsFunc and POST /a/sys/log/logExport answer them.
 */

/** Kinds of log entry, derived on the server from the recorded route (`action`) and method. */
export const LOG_TYPES = [
  'login',
  'logout',
  'create',
  'update',
  'delete',
  'export',
  'import',
  'other',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Result filter: success (HTTP status below 400) or failure. */
export const LOG_STATUSES = ['success', 'failure'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

/** Export file formats of logExport. */
export const LOG_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LogExportFormat = (typeof LOG_EXPORT_FORMATS)[number];

/** Largest page of ajaxScrollLog. */
export const LOG_PAGE_SIZE_MAX = 100;

/** Filters shared by the list and the export (all optional). */
export interface LogFilters {
  /** Part of the user's login name or name, or a user id. */
  user?: string;
  type?: LogType;
  /** ISO 8601 lower bound of the time (inclusive). */
  from?: string;
  /** ISO 8601 upper bound of the time (inclusive). */
  to?: string;
  /** Part of the request path. */
  path?: string;
  status?: LogStatus;
}

/** One log entry as the list shows it. */
export interface LogItem {
  id: number;
  /** ISO 8601. */
  at: string;
  userId: number | null;
  username: string | null;
  officeId: number | null;
  officeName: string | null;
  ip: string | null;
  method: string;
  path: string;
  action: string;
  type: LogType;
  status: number;
  code: number;
  msg: string | null;
  durationMs: number;
}

/** One log entry with everything recorded (params as stored; secrets were masked on write). */
export interface LogDetails extends LogItem {
  params: Record<string, unknown> | null;
  userAgent: string | null;
  requestId: string | null;
}

/** One scroll of the log: newest first; pass `lastId` back to get the next, older entries. */
export interface LogScrollPage {
  list: LogItem[];
  hasMore: boolean;
  /** Id of the last (oldest) entry of this page, or null when the page is empty. */
  lastId: number | null;
}
