import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type ExcelJS from 'exceljs';

/** File formats a list export is offered in. */
export const SPREADSHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

/** Content types of the formats. */
export const SPREADSHEET_MIME: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Data rows per XLSX sheet: the format's limit is 1 048 576 rows, so larger exports go on. */
export const XLSX_ROWS_PER_SHEET = 1_000_000;

/** One value of an exported row. */
export type SpreadsheetCell = string | number | Date | null;

/** What {@link spreadsheetExportStream} writes. */
export interface SpreadsheetExport<Row> {
  format: SpreadsheetFormat;
  /** Column headers, already in the reader's language. */
  headers: string[];
  /** The rows, a batch at a time, read only as fast as the client takes the file. */
  batches: AsyncIterable<Row[]>;
  /** One row's cells in header order; the format lets times be text in CSV and dates in XLSX. */
  cells(row: Row, format: SpreadsheetFormat): SpreadsheetCell[];
  /** Name of the first XLSX sheet; further sheets are numbered (`Log 2`). */
  sheetName: string;
  /** Told of a failure after the answer has started (the stream is then destroyed). */
  onError(err: unknown): void;
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

/** Writes the CSV (UTF-8 with BOM, so that Excel reads Chinese) into `out`. */
function writeCsv<Row>(spec: SpreadsheetExport<Row>, out: PassThrough, fail: (err: unknown) => void): void {
  const csv = stringify({ bom: true });
  csv.on('error', fail);
  csv.pipe(out);
  void (async () => {
    await drained(csv, csv.write(spec.headers), out);
    for await (const batch of spec.batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        if (out.destroyed) return;
        await drained(csv, csv.write(spec.cells(row, 'csv')), out);
      }
    }
    csv.end();
  })().catch(fail);
}

/** Writes the XLSX workbook into `out`, a new sheet every {@link XLSX_ROWS_PER_SHEET} rows. */
function writeXlsx<Row>(spec: SpreadsheetExport<Row>, out: PassThrough, fail: (err: unknown) => void): void {
  void (async () => {
    // Loaded on the first XLSX export, not at start-up: the library and its zip code take ≈ 0.5 s to load.
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({
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
      sheet = workbook.addWorksheet(sheets === 1 ? spec.sheetName : `${spec.sheetName} ${sheets}`);
      sheet.addRow(spec.headers).commit();
      rowsInSheet = 0;
    };
    newSheet();
    for await (const batch of spec.batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        if (rowsInSheet === XLSX_ROWS_PER_SHEET) newSheet();
        sheet!.addRow(spec.cells(row, 'xlsx')).commit();
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
}

/**
 * Streams the batches as a CSV or an XLSX file. The answer is a stream the reply sends as it is
 * produced; rows are never all in memory, and reading stops when the client goes away.
 */
export function spreadsheetExportStream<Row>(spec: SpreadsheetExport<Row>): Readable {
  const out = new PassThrough();
  const fail = (err: unknown) => {
    spec.onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  if (spec.format === 'csv') writeCsv(spec, out, fail);
  else writeXlsx(spec, out, fail);
  return out;
}
