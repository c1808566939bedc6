/** System log calls (`/a/api/log/*`, `/a/sys/log/logExport`). */
import type { LogDetails, LogExportFormat, LogFilters, LogScrollPage } from '@apm/contract';
import { downloadFile } from './download';
import { request, toSearchParams, type RequestParams } from './request';

/** One scroll request: filters, page size and the cursor of the previous page. */
export interface LogScrollParams extends LogFilters {
  pageSize?: number;
  lastId?: number;
}

/** GET /apm-web/a/api/log/ajaxScrollLog — log entries in the caller's range, newest first, older than `lastId`. */
export async function scrollLogs(params: LogScrollParams, signal?: AbortSignal): Promise<LogScrollPage> {
  return (await request<LogScrollPage>('/a/api/log/ajaxScrollLog', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/log/detailsFunc — one log entry with its parameters. */
export async function getLogDetails(id: number, signal?: AbortSignal): Promise<LogDetails> {
  return (await request<LogDetails>('/a/api/log/detailsFunc', { params: { id }, signal })).data;
}

/**
 * POST /apm-web/a/sys/log/logExport — downloads the filtered log as CSV or XLSX (the server streams
 * it; the browser saves it). Throws a {@link RequestError} when the server refuses.
 */
export function downloadLogExport(filters: LogFilters, format: LogExportFormat): Promise<string> {
  return downloadFile(
    '/a/sys/log/logExport',
    toSearchParams({ ...filters, format } as RequestParams),
    `system-log.${format}`,
  );
}
