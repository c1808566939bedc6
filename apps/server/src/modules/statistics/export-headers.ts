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

/** Columns of the sign-in export, in file order. */
export const LOGIN_EXPORT_COLUMNS = ['username', 'userId', 'succeeded', 'failed', 'lastAt'] as const;
type LoginColumn = (typeof LOGIN_EXPORT_COLUMNS)[number];

const LOGIN_HEADERS: Record<string, Record<LoginColumn, string>> = {
  US: {
    username: 'User',
    userId: 'User ID',
    succeeded: 'Sign-ins succeeded',
    failed: 'Sign-ins failed',
    lastAt: 'Last sign-in',
  },
  CN: {
    username: '用户',
    userId: '用户编号',
    succeeded: '登录成功次数',
    failed: '登录失败次数',
    lastAt: '最近登录',
  },
  HK: {
    username: '用戶',
    userId: '用戶編號',
    succeeded: '登入成功次數',
    failed: '登入失敗次數',
    lastAt: '最近登入',
  },
  IT: {
    username: 'Utente',
    userId: 'ID utente',
    succeeded: 'Accessi riusciti',
    failed: 'Accessi non riusciti',
    lastAt: 'Ultimo accesso',
  },
  RU: {
    username: 'Пользователь',
    userId: 'ID пользователя',
    succeeded: 'Успешные входы',
    failed: 'Неудачные входы',
    lastAt: 'Последний вход',
  },
  FR: {
    username: 'Utilisateur',
    userId: 'ID utilisateur',
    succeeded: 'Connexions réussies',
    failed: 'Connexions échouées',
    lastAt: 'Dernière connexion',
  },
  KR: {
    username: '사용자',
    userId: '사용자 ID',
    succeeded: '로그인 성공',
    failed: '로그인 실패',
    lastAt: '마지막 로그인',
  },
};

/** The sign-in export's headers for a `language` cookie value; English when missing or unknown. */
export function loginExportHeaders(language: string | undefined): string[] {
  const headers = LOGIN_HEADERS[(language ?? '').toUpperCase()] ?? LOGIN_HEADERS.US!;
  return LOGIN_EXPORT_COLUMNS.map((c) => headers[c]);
}
