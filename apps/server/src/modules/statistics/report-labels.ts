import type { GapReason, Language } from '@apm/contract';

/** Texts of the campaign report PDF. */
export interface ReportLabels {
  title: string;
  plan: string;
  program: string;
  period: string;
  timeZone: string;
  generated: string;
  totals: string;
  terminals: string;
  plays: string;
  secondsPlayed: string;
  scheduled: string;
  played: string;
  share: string;
  perTerminal: string;
  terminal: string;
  reconciliation: string;
  reasons: Record<GapReason, string>;
  none: string;
  truncated: (shown: number, total: number) => string;
  page: (page: number, total: number) => string;
}

/** BCP 47 locale of each console language (numbers and dates in the report). */
export const REPORT_LOCALES: Record<Language, string> = {
  CN: 'zh-CN',
  HK: 'zh-HK',
  US: 'en-US',
  IT: 'it-IT',
  RU: 'ru-RU',
  FR: 'fr-FR',
  KR: 'ko-KR',
};

/** Report texts in the seven console languages. */
export const REPORT_LABELS: Record<Language, ReportLabels> = {
  US: {
    title: 'Campaign report',
    plan: 'Play plan',
    program: 'Program',
    period: 'Period',
    timeZone: 'Time zone',
    generated: 'Generated',
    totals: 'Totals',
    terminals: 'Terminals',
    plays: 'Plays',
    secondsPlayed: 'Seconds played',
    scheduled: 'Scheduled (h)',
    played: 'Played (h)',
    share: 'Share played',
    perTerminal: 'Per terminal',
    terminal: 'Terminal',
    reconciliation: 'Scheduled vs played: time not played by reason (h)',
    reasons: {
      notDelivered: 'Not delivered yet',
      offline: 'Terminal offline',
      otherContent: 'Other content played',
      unknown: 'No report',
    },
    none: 'No terminal has this campaign.',
    truncated: (shown, total) => `The first ${shown} of ${total} terminals are shown.`,
    page: (page, total) => `Page ${page} of ${total}`,
  },
  CN: {
    title: '投放报告',
    plan: '播放计划',
    program: '节目',
    period: '时段',
    timeZone: '时区',
    generated: '生成时间',
    totals: '合计',
    terminals: '终端数',
    plays: '播放次数',
    secondsPlayed: '播放秒数',
    scheduled: '计划（小时）',
    played: '已播（小时）',
    share: '播放比例',
    perTerminal: '按终端',
    terminal: '终端',
    reconciliation: '计划与实际：未播放时长及原因（小时）',
    reasons: {
      notDelivered: '尚未下发',
      offline: '终端离线',
      otherContent: '播放了其他内容',
      unknown: '无上报',
    },
    none: '没有终端投放此内容。',
    truncated: (shown, total) => `仅显示 ${total} 台终端中的前 ${shown} 台。`,
    page: (page, total) => `第 ${page} 页，共 ${total} 页`,
  },
  HK: {
    title: '投放報告',
    plan: '播放計劃',
    program: '節目',
    period: '時段',
    timeZone: '時區',
    generated: '生成時間',
    totals: '合計',
    terminals: '終端數',
    plays: '播放次數',
    secondsPlayed: '播放秒數',
    scheduled: '計劃（小時）',
    played: '已播（小時）',
    share: '播放比例',
    perTerminal: '按終端',
    terminal: '終端',
    reconciliation: '計劃與實際：未播放時長及原因（小時）',
    reasons: {
      notDelivered: '尚未下發',
      offline: '終端離線',
      otherContent: '播放了其他內容',
      unknown: '無上報',
    },
    none: '沒有終端投放此內容。',
    truncated: (shown, total) => `只顯示 ${total} 台終端中的前 ${shown} 台。`,
    page: (page, total) => `第 ${page} 頁，共 ${total} 頁`,
  },
  IT: {
    title: 'Report della campagna',
    plan: 'Piano di riproduzione',
    program: 'Programma',
    period: 'Periodo',
    timeZone: 'Fuso orario',
    generated: 'Generato',
    totals: 'Totali',
    terminals: 'Terminali',
    plays: 'Riproduzioni',
    secondsPlayed: 'Secondi riprodotti',
    scheduled: 'Pianificato (h)',
    played: 'Riprodotto (h)',
    share: 'Quota riprodotta',
    perTerminal: 'Per terminale',
    terminal: 'Terminale',
    reconciliation: 'Pianificato e riprodotto: tempo non riprodotto per motivo (h)',
    reasons: {
      notDelivered: 'Non ancora consegnato',
      offline: 'Terminale offline',
      otherContent: 'Altro contenuto riprodotto',
      unknown: 'Nessun rapporto',
    },
    none: 'Nessun terminale ha questa campagna.',
    truncated: (shown, total) => `Sono mostrati i primi ${shown} di ${total} terminali.`,
    page: (page, total) => `Pagina ${page} di ${total}`,
  },
  RU: {
    title: 'Отчёт о кампании',
    plan: 'План показа',
    program: 'Программа',
    period: 'Период',
    timeZone: 'Часовой пояс',
    generated: 'Создан',
    totals: 'Итоги',
    terminals: 'Терминалы',
    plays: 'Показы',
    secondsPlayed: 'Секунды показа',
    scheduled: 'По плану (ч)',
    played: 'Показано (ч)',
    share: 'Доля показа',
    perTerminal: 'По терминалам',
    terminal: 'Терминал',
    reconciliation: 'План и факт: непоказанное время по причинам (ч)',
    reasons: {
      notDelivered: 'Ещё не доставлено',
      offline: 'Терминал не в сети',
      otherContent: 'Показывалось другое',
      unknown: 'Нет отчёта',
    },
    none: 'Ни один терминал не получил эту кампанию.',
    truncated: (shown, total) => `Показаны первые ${shown} из ${total} терминалов.`,
    page: (page, total) => `Страница ${page} из ${total}`,
  },
  FR: {
    title: 'Rapport de campagne',
    plan: 'Plan de diffusion',
    program: 'Programme',
    period: 'Période',
    timeZone: 'Fuseau horaire',
    generated: 'Généré le',
    totals: 'Totaux',
    terminals: 'Terminaux',
    plays: 'Diffusions',
    secondsPlayed: 'Secondes diffusées',
    scheduled: 'Prévu (h)',
    played: 'Diffusé (h)',
    share: 'Part diffusée',
    perTerminal: 'Par terminal',
    terminal: 'Terminal',
    reconciliation: 'Prévu et diffusé : temps non diffusé par motif (h)',
    reasons: {
      notDelivered: 'Pas encore livré',
      offline: 'Terminal hors ligne',
      otherContent: 'Autre contenu diffusé',
      unknown: 'Aucun rapport',
    },
    none: 'Aucun terminal n’a cette campagne.',
    truncated: (shown, total) => `Les ${shown} premiers terminaux sur ${total} sont affichés.`,
    page: (page, total) => `Page ${page} sur ${total}`,
  },
  KR: {
    title: '캠페인 보고서',
    plan: '재생 계획',
    program: '프로그램',
    period: '기간',
    timeZone: '시간대',
    generated: '생성 시각',
    totals: '합계',
    terminals: '단말기',
    plays: '재생 횟수',
    secondsPlayed: '재생 시간(초)',
    scheduled: '예정(시간)',
    played: '재생(시간)',
    share: '재생 비율',
    perTerminal: '단말기별',
    terminal: '단말기',
    reconciliation: '예정 대비 재생: 사유별 미재생 시간(시간)',
    reasons: {
      notDelivered: '아직 전달되지 않음',
      offline: '단말기 오프라인',
      otherContent: '다른 콘텐츠 재생',
      unknown: '보고 없음',
    },
    none: '이 캠페인을 가진 단말기가 없습니다.',
    truncated: (shown, total) => `${total}대 중 처음 ${shown}대의 단말기만 표시합니다.`,
    page: (page, total) => `${page} / ${total} 페이지`,
  },
};
