import type { Language, NotificationContents } from '@apm/contract';

/** What a program's maker is told of a review decision, in every console language. */
const TEXT: Record<Language, { approved: string; rejected: string; note: string }> = {
  CN: {
    approved: '您的节目“{name}”已通过审核。',
    rejected: '您的节目“{name}”未通过审核。',
    note: '审核意见：{note}',
  },
  HK: {
    approved: '您的節目「{name}」已通過審核。',
    rejected: '您的節目「{name}」未通過審核。',
    note: '審核意見：{note}',
  },
  US: {
    approved: 'Your program “{name}” was approved.',
    rejected: 'Your program “{name}” was rejected.',
    note: 'Review note: {note}',
  },
  IT: {
    approved: 'Il tuo programma “{name}” è stato approvato.',
    rejected: 'Il tuo programma “{name}” è stato rifiutato.',
    note: 'Nota di revisione: {note}',
  },
  RU: {
    approved: 'Ваша программа «{name}» одобрена.',
    rejected: 'Ваша программа «{name}» отклонена.',
    note: 'Комментарий проверки: {note}',
  },
  FR: {
    approved: 'Votre programme « {name} » a été validé.',
    rejected: 'Votre programme « {name} » a été refusé.',
    note: 'Note de validation : {note}',
  },
  KR: {
    approved: '프로그램 “{name}”이(가) 승인되었습니다.',
    rejected: '프로그램 “{name}”이(가) 반려되었습니다.',
    note: '검토 의견: {note}',
  },
};

/** The notification a program's maker gets when a reviewer decides on it: the decision and the note. */
export function reviewNotice(
  decision: 'approved' | 'rejected',
  programName: string,
  note: string | null,
): { contents: NotificationContents } {
  const contents = {} as Record<Language, string>;
  for (const [language, text] of Object.entries(TEXT) as [Language, (typeof TEXT)[Language]][]) {
    const head = text[decision].replace('{name}', () => programName);
    contents[language] = note ? `${head} ${text.note.replace('{note}', () => note)}` : head;
  }
  return { contents };
}
