import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { LogExportFormat } from '@apm/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { LogExportRow } from './service.js';

/** Data rows per XLSX sheet: the format's limit is 1 048 576 rows, so larger exports go on. */
export const XLSX_ROWS_PER_SHEET = 1_000_000;

type Cell = string | number | Date | null;

/** One exported row in column order (see EXPORT_COLUMNS); times as ISO 8601 in CSV. */
function cells(row: LogExportRow, csv: boolean): Cell[] {
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

/** Most bytes of sheet XML waiting for the zip compressor before the next batch is read. */
const XLSX_BACKLOG_MAX = 4 * 1024 * 1024;

/** Node stream internals read to find the backlog (also readable-stream's, which archiver uses). */
interface PipedStream {
  _writableState?: { length?: number };
  _readableState?: { length?: number; pipes?: PipedStream | PipedStream[] | null };
}

/**
 * Bytes of a streamed worksheet not compressed and handed on yet. exceljs's writer ignores
 * backpressure: its sheet stream writes chunks into the zip's entry streams without waiting, so
 * without pacing a fast database outruns deflate and the backlog grows with the export (800 MiB at
 * 1 000 000 rows). Sums the buffers along the pipe chain from the sheet stream to the deflater.
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): number {
  const stream = (sheet as unknown as { stream?: { buffers?: { length: number }[]; pipes?: PipedStream[] } })
    .stream;
  let bytes = stream?.buffers?.reduce((n, chunk) => n + chunk.length, 0) ?? 0;
  let next: PipedStream | undefined = stream?.pipes?.[0];
  for (let hop = 0; next && hop < 4; hop++) {
    bytes += (next._writableState?.length ?? 0) + (next._readableState?.length ?? 0);
    const pipes: PipedStream | PipedStream[] | null | undefined = next._readableState?.pipes;
    next = Array.isArray(pipes) ? pipes[0] : (pipes ?? undefined);
  }
  return bytes;
}

/**
 * Waits for the consumer when the writable's buffer is full (backpressure), or until the answer
 * is gone (client went away): never hangs on a stream nobody reads any more.
 */
async function drained(stream: Writable, wrote: boolean, out: Readable): Promise<void> {
  if (wrote || stream.destroyed || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    out.once('close', done);
  });
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
  const out = new PassThrough();
  const fail = (err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  if (format === 'csv') {
    const csv = stringify({ bom: true });
    csv.on('error', fail);
    csv.pipe(out);
    void (async () => {
      await drained(csv, csv.write(headers), out);
      for await (const batch of batches) {
        if (out.destroyed) return;
        for (const row of batch) {
          if (out.destroyed) return;
          await drained(csv, csv.write(cells(row, true)), out);
        }
      }
      csv.end();
    })().catch(fail);
    return out;
  }
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    let sheet: ExcelJS.Worksheet | undefined;
    let sheets = 0;
    let rowsInSheet = 0;
    const newSheet = () => {
      sheet?.commit();
      sheets++;
      sheet = workbook.addWorksheet(sheets === 1 ? 'Log' : `Log ${sheets}`);
      sheet.addRow(headers).commit();
      rowsInSheet = 0;
    };
    newSheet();
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        if (rowsInSheet === XLSX_ROWS_PER_SHEET) newSheet();
        sheet!.addRow(cells(row, false)).commit();
        rowsInSheet++;
      }
      // Let the zip writer compress and hand on its output before reading the next batch.
      while (!out.destroyed && sheetBacklog(sheet!) > XLSX_BACKLOG_MAX)
        await new Promise((resolve) => setTimeout(resolve, 2));
      await drained(out, !out.writableNeedDrain, out);
    }
    sheet!.commit();
    await workbook.commit();
  })().catch(fail);
  return out;
}
