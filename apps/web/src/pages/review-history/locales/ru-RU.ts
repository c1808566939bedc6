/** История проверки (ru-RU). */
export default {
  open: 'История',
  title: 'История проверки «{{name}}»',
  revision: 'Версия {{revision}}',
  system: 'система',
  empty: 'Шагов проверки нет (сохранено при выключенной проверке).',
  loadFailed: 'Не удалось загрузить историю.',
  actions: {
    submitted: 'Отправлено',
    resubmitted: 'Отправлено повторно',
    approved: 'Одобрено',
    rejected: 'Отклонено',
    autoApproved: 'Одобрено при сохранении',
  },
};
