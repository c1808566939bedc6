import type { Language, NotificationContents } from '@apm/contract';

/** What a message's maker is told of a review decision, in every console language. */
const TEXT: Record<Language, { approved: string; rejected: string; note: string }> = {
  CN: {
    approved: '您的消息“{name}”已通过审核。',
    rejected: '您的消息“{name}”未通过审核。',
    note: '审核意见：{note}',
  },
  HK: {
    approved: '您的消息「{name}」已通過審核。',
    rejected: '您的消息「{name}」未通過審核。',
    note: '審核意見：{note}',
  },
  US: {
    approved: 'Your message “{name}” was approved.',
    rejected: 'Your message “{name}” was rejected.',
    note: 'Review note: {note}',
  },
  IT: {
    approved: 'Il tuo messaggio “{name}” è stato approvato.',
    rejected: 'Il tuo messaggio “{name}” è stato rifiutato.',
    note: 'Nota di revisione: {note}',
  },
  RU: {
    approved: 'Ваше сообщение «{name}» одобрено.',
    rejected: 'Ваше сообщение «{name}» отклонено.',
    note: 'Комментарий проверки: {note}',
  },
  FR: {
    approved: 'Votre message « {name} » a été validé.',
    rejected: 'Votre message « {name} » a été refusé.',
    note: 'Note de validation : {note}',
  },
  KR: {
    approved: '메시지 “{name}”이(가) 승인되었습니다.',
    rejected: '메시지 “{name}”이(가) 반려되었습니다.',
    note: '검토 의견: {note}',
  },
};

/** The notification a message's maker gets when a reviewer decides on it: the decision and the note. */
export function messageReviewNotice(
  decision: 'approved' | 'rejected',
  messageName: string,
  note: string | null,
): { contents: NotificationContents } {
  const contents = {} as Record<Language, string>;
  for (const [language, text] of Object.entries(TEXT) as [Language, (typeof TEXT)[Language]][]) {
    const head = text[decision].replace('{name}', () => messageName);
    contents[language] = note ? `${head} ${text.note.replace('{note}', () => note)}` : head;
  }
  return { contents };
}
