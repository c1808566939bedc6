/** Columns of the proof-of-play export, in file order. */
export const PLAY_EXPORT_COLUMNS = ['bucket', 'id', 'name', 'plays', 'seconds', 'terminals'] as const;
type Column = (typeof PLAY_EXPORT_COLUMNS)[number];
type Headers = Record<Column, string>;

const US: Headers = {
  bucket: 'Period start',
  id: 'ID',
  name: 'Name',
  plays: 'Plays',
  seconds: 'Seconds played',
  terminals: 'Terminals',
};

/** Column headers by the console's `language` cookie value (CN, HK, US, IT, RU, FR, KR). */
const HEADERS: Record<string, Headers> = {
  US,
  CN: {
    bucket: '时段开始',
    id: '编号',
    name: '名称',
    plays: '播放次数',
    seconds: '播放秒数',
    terminals: '终端数',
  },
  HK: {
    bucket: '時段開始',
    id: '編號',
    name: '名稱',
    plays: '播放次數',
    seconds: '播放秒數',
    terminals: '終端數',
  },
  IT: {
    bucket: 'Inizio periodo',
    id: 'ID',
    name: 'Nome',
    plays: 'Riproduzioni',
    seconds: 'Secondi riprodotti',
    terminals: 'Terminali',
  },
  RU: {
    bucket: 'Начало периода',
    id: 'ID',
    name: 'Название',
    plays: 'Показы',
    seconds: 'Секунды показа',
    terminals: 'Терминалы',
  },
  FR: {
    bucket: 'Début de période',
    id: 'ID',
    name: 'Nom',
    plays: 'Diffusions',
    seconds: 'Secondes diffusées',
    terminals: 'Terminaux',
  },
  KR: {
    bucket: '기간 시작',
    id: 'ID',
    name: '이름',
    plays: '재생 횟수',
    seconds: '재생 시간(초)',
    terminals: '단말기 수',
  },
};

/** The headers for a `language` cookie value; English when missing or unknown. */
export function playExportHeaders(language: string | undefined): string[] {
  const headers = HEADERS[(language ?? '').toUpperCase()] ?? US;
  return PLAY_EXPORT_COLUMNS.map((c) => headers[c]);
}
