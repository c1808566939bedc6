import type { Readable } from 'node:stream';
import {
  SPREADSHEET_FORMATS,
  SPREADSHEET_MIME,
  spreadsheetExportStream,
  type SpreadsheetCell,
  type SpreadsheetFormat,
} from '../../lib/spreadsheet-export.js';
import type { Alarm } from './alarm-queries.js';

/** Export formats of the alarm list. */
export const ALARM_EXPORT_FORMATS = SPREADSHEET_FORMATS;
export type AlarmExportFormat = SpreadsheetFormat;

const COLUMNS = [
  'id',
  'type',
  'terminal',
  'deviceId',
  'office',
  'raisedAt',
  'endedAt',
  'clearedAt',
  'clearedBy',
  'detail',
] as const;
type Headers = Record<(typeof COLUMNS)[number], string>;

/** Column headers by the console's `language` cookie (CN, HK, US, IT, RU, FR, KR); US otherwise. */
const HEADERS: Record<string, Headers> = {
  US: {
    id: 'ID',
    type: 'Type',
    terminal: 'Terminal',
    deviceId: 'Device ID',
    office: 'Institution',
    raisedAt: 'Raised at',
    endedAt: 'Ended at',
    clearedAt: 'Cleaned up at',
    clearedBy: 'Cleaned up by',
    detail: 'Detail',
  },
  CN: {
    id: '编号',
    type: '类型',
    terminal: '终端',
    deviceId: '设备编号',
    office: '机构',
    raisedAt: '发生时间',
    endedAt: '结束时间',
    clearedAt: '清除时间',
    clearedBy: '清除人',
    detail: '详情',
  },
  HK: {
    id: '編號',
    type: '類型',
    terminal: '終端',
    deviceId: '設備編號',
    office: '機構',
    raisedAt: '發生時間',
    endedAt: '結束時間',
    clearedAt: '清除時間',
    clearedBy: '清除人',
    detail: '詳情',
  },
  IT: {
    id: 'ID',
    type: 'Tipo',
    terminal: 'Terminale',
    deviceId: 'ID dispositivo',
    office: 'Istituzione',
    raisedAt: 'Generato il',
    endedAt: 'Terminato il',
    clearedAt: 'Archiviato il',
    clearedBy: 'Archiviato da',
    detail: 'Dettaglio',
  },
  RU: {
    id: 'ID',
    type: 'Тип',
    terminal: 'Терминал',
    deviceId: 'ID устройства',
    office: 'Организация',
    raisedAt: 'Возникла',
    endedAt: 'Завершилась',
    clearedAt: 'Очищена',
    clearedBy: 'Кем очищена',
    detail: 'Подробности',
  },
  FR: {
    id: 'ID',
    type: 'Type',
    terminal: 'Terminal',
    deviceId: 'ID de l’appareil',
    office: 'Institution',
    raisedAt: 'Déclenchée le',
    endedAt: 'Terminée le',
    clearedAt: 'Effacée le',
    clearedBy: 'Effacée par',
    detail: 'Détail',
  },
  KR: {
    id: 'ID',
    type: '유형',
    terminal: '단말기',
    deviceId: '기기 ID',
    office: '기관',
    raisedAt: '발생 시각',
    endedAt: '종료 시각',
    clearedAt: '정리 시각',
    clearedBy: '정리한 사람',
    detail: '상세',
  },
};

/** Headers in the language of the `language` cookie. */
export const alarmExportHeaders = (language: string | undefined): string[] =>
  COLUMNS.map((c) => (HEADERS[language ?? ''] ?? HEADERS.US!)[c]);

const cells = (a: Alarm): SpreadsheetCell[] => [
  a.id,
  a.type,
  a.terminalName,
  a.deviceId,
  a.officeName ?? '',
  a.raisedAt,
  a.endedAt ?? '',
  a.clearedAt ?? '',
  a.clearedByName ?? '',
  a.detail ? JSON.stringify(a.detail) : '',
];

/** Content types of the formats. */
export const ALARM_EXPORT_MIME: Record<AlarmExportFormat, string> = SPREADSHEET_MIME;

/**
 * Streams the batches as CSV (UTF-8 with BOM so that spreadsheet programs read Chinese) or XLSX;
 * the reply sends the stream as it is produced.
 */
export function alarmExportStream(
  format: AlarmExportFormat,
  headers: string[],
  batches: AsyncIterable<Alarm[]>,
  onError: (err: unknown) => void,
): Readable {
  return spreadsheetExportStream({ format, headers, batches, cells, sheetName: 'Alarms', onError });
}
