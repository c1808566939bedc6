/**
 * The few words the player shows (pairing and waiting screens), in the console's seven
 * languages, chosen by the browser's language. Everything else on a terminal is content.
 */
export interface PlayerTexts {
  pairingTitle: string;
  pairingHint: string;
  connecting: string;
  waiting: string;
  registerFailed: string;
  noStorage: string;
}

const TEXTS: Record<string, PlayerTexts> = {
  'en-US': {
    pairingTitle: 'Pairing code',
    pairingHint: 'In the APM console, add a terminal with this code.',
    connecting: 'Connecting to the server…',
    waiting: 'Waiting for programs',
    registerFailed: 'Cannot register with the server; retrying',
    noStorage: 'This browser cannot keep content offline (needs HTTPS or localhost)',
  },
  'zh-CN': {
    pairingTitle: '配对码',
    pairingHint: '请在 APM 控制台中用此配对码添加终端。',
    connecting: '正在连接服务器…',
    waiting: '等待节目',
    registerFailed: '无法向服务器注册，正在重试',
    noStorage: '此浏览器无法离线保存内容（需要 HTTPS 或 localhost）',
  },
  'zh-HK': {
    pairingTitle: '配對碼',
    pairingHint: '請在 APM 控制台中用此配對碼新增終端。',
    connecting: '正在連接伺服器…',
    waiting: '等待節目',
    registerFailed: '無法向伺服器註冊，正在重試',
    noStorage: '此瀏覽器無法離線保存內容（需要 HTTPS 或 localhost）',
  },
  'it-IT': {
    pairingTitle: 'Codice di abbinamento',
    pairingHint: 'Nella console APM, aggiungi un terminale con questo codice.',
    connecting: 'Connessione al server…',
    waiting: 'In attesa di programmi',
    registerFailed: 'Impossibile registrarsi presso il server; nuovo tentativo',
    noStorage: 'Questo browser non può conservare i contenuti offline (serve HTTPS o localhost)',
  },
  'ru-RU': {
    pairingTitle: 'Код привязки',
    pairingHint: 'Добавьте терминал с этим кодом в консоли APM.',
    connecting: 'Подключение к серверу…',
    waiting: 'Ожидание программ',
    registerFailed: 'Не удаётся зарегистрироваться на сервере; повтор',
    noStorage: 'Этот браузер не может хранить контент офлайн (нужен HTTPS или localhost)',
  },
  'fr-FR': {
    pairingTitle: "Code d'appairage",
    pairingHint: 'Dans la console APM, ajoutez un terminal avec ce code.',
    connecting: 'Connexion au serveur…',
    waiting: 'En attente de programmes',
    registerFailed: "Impossible de s'enregistrer auprès du serveur ; nouvel essai",
    noStorage: 'Ce navigateur ne peut pas garder le contenu hors ligne (HTTPS ou localhost requis)',
  },
  'ko-KR': {
    pairingTitle: '페어링 코드',
    pairingHint: 'APM 콘솔에서 이 코드로 단말기를 추가하세요.',
    connecting: '서버에 연결하는 중…',
    waiting: '프로그램 대기 중',
    registerFailed: '서버에 등록할 수 없습니다. 다시 시도하는 중',
    noStorage: '이 브라우저는 콘텐츠를 오프라인으로 보관할 수 없습니다 (HTTPS 또는 localhost 필요)',
  },
};

/** The language tag whose texts fit the browser's preferred languages best (English otherwise). */
export function pickLanguage(preferred: readonly string[]): string {
  for (const raw of preferred) {
    const tag = raw.toLowerCase();
    if (tag.startsWith('zh')) {
      return /-(hk|tw|mo)\b|hant/.test(tag) ? 'zh-HK' : 'zh-CN';
    }
    const match = Object.keys(TEXTS).find((key) => key.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (match) return match;
  }
  return 'en-US';
}

/** The texts for the given preferred languages (e.g. `navigator.languages`). */
export function textsFor(preferred: readonly string[]): PlayerTexts {
  return TEXTS[pickLanguage(preferred)]!;
}

/** Every language the player has texts for (the tests check that none misses a key). */
export const PLAYER_LANGUAGES = Object.keys(TEXTS);
