/** System log calls (`/a/api/log/*`, `/a/sys/log/logExport`). */
import type { Envelope, LogDetails, LogExportFormat, LogFilters, LogScrollPage } from '@apm/contract';
import { apiUrl, request, RequestError, toSearchParams, type RequestParams } from './request';

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

/** The file name of a Content-Disposition header, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1] ?? fallback;
}

/**
 * POST /apm-web/a/sys/log/logExport — downloads the filtered log as CSV or XLSX (the server streams
 * it; the browser saves it). Throws a {@link RequestError} when the server refuses.
 */
export async function downloadLogExport(filters: LogFilters, format: LogExportFormat): Promise<string> {
  const response = await fetch(apiUrl('/a/sys/log/logExport'), {
    method: 'POST',
    credentials: 'include',
    body: toSearchParams({ ...filters, format } as RequestParams),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => undefined)) as Envelope | undefined;
    throw new RequestError(envelope?.msg ?? response.statusText, {
      code: envelope?.code ?? response.status,
      status: response.status,
      kind: 'http',
      envelope,
    });
  }
  const name = attachmentName(response.headers.get('content-disposition'), `system-log.${format}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
