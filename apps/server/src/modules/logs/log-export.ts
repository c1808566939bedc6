import type { Readable } from 'node:stream';
import type { LogExportFormat } from '@apm/contract';
import { spreadsheetExportStream, type SpreadsheetCell } from '../../lib/spreadsheet-export.js';
import type { LogExportRow } from './service.js';

/** One exported row in column order (see EXPORT_COLUMNS); times as ISO 8601 in CSV. */
function cells(row: LogExportRow, csv: boolean): SpreadsheetCell[] {
  return [
    row.id,
    csv ? row.at.toISOString() : row.at,
    row.username,
    row.userId,
    row.officeName,
    row.ip,
    row.method,
    row.path,
    row.type,
    row.action,
    row.params === null ? null : JSON.stringify(row.params),
    row.status,
    row.code,
    row.msg,
    row.durationMs,
    row.userAgent,
    row.requestId,
  ];
}

/**
 * Streams the batches as a CSV (UTF-8 with BOM, so Excel reads Chinese) or an XLSX file. The
 * answer is a stream the reply sends as it is produced; rows are never all in memory.
 */
export function exportStream(
  format: LogExportFormat,
  headers: string[],
  batches: AsyncIterable<LogExportRow[]>,
  onError: (err: unknown) => void,
): Readable {
  return spreadsheetExportStream({
    format,
    headers,
    batches,
    cells: (row, as) => cells(row, as === 'csv'),
    sheetName: 'Log',
    onError,
  });
}
