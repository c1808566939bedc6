import type { Language, NotificationContents } from '@apm/contract';

/** What a plan's maker is told of a review decision, in every console language. */
const TEXT: Record<Language, { approved: string; rejected: string; note: string }> = {
  CN: {
    approved: '您的播放计划“{name}”已通过审核。',
    rejected: '您的播放计划“{name}”未通过审核。',
    note: '审核意见：{note}',
  },
  HK: {
    approved: '您的播放計劃「{name}」已通過審核。',
    rejected: '您的播放計劃「{name}」未通過審核。',
    note: '審核意見：{note}',
  },
  US: {
    approved: 'Your play plan “{name}” was approved.',
    rejected: 'Your play plan “{name}” was rejected.',
    note: 'Review note: {note}',
  },
  IT: {
    approved: 'Il tuo piano di riproduzione “{name}” è stato approvato.',
    rejected: 'Il tuo piano di riproduzione “{name}” è stato rifiutato.',
    note: 'Nota di revisione: {note}',
  },
  RU: {
    approved: 'Ваш план воспроизведения «{name}» одобрен.',
    rejected: 'Ваш план воспроизведения «{name}» отклонён.',
    note: 'Комментарий проверки: {note}',
  },
  FR: {
    approved: 'Votre plan de diffusion « {name} » a été validé.',
    rejected: 'Votre plan de diffusion « {name} » a été refusé.',
    note: 'Note de validation : {note}',
  },
  KR: {
    approved: '재생 계획 “{name}”이(가) 승인되었습니다.',
    rejected: '재생 계획 “{name}”이(가) 반려되었습니다.',
    note: '검토 의견: {note}',
  },
};

/** The notification a plan's maker gets when a reviewer decides on it: the decision and the note. */
export function planReviewNotice(
  decision: 'approved' | 'rejected',
  planName: string,
  note: string | null,
): { contents: NotificationContents } {
  const contents = {} as Record<Language, string>;
  for (const [language, text] of Object.entries(TEXT) as [Language, (typeof TEXT)[Language]][]) {
    const head = text[decision].replace('{name}', () => planName);
    contents[language] = note ? `${head} ${text.note.replace('{note}', () => note)}` : head;
  }
  return { contents };
}
