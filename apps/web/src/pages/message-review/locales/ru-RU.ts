/** Message review (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Проверка сообщений',
  approve: 'Одобрить',
  reject: 'Отклонить',
  bulkApprove: 'Одобрить выбранные ({{count}})',
  bulkReject: 'Отклонить выбранные ({{count}})',
  approveTitle: 'Одобрить сообщения: {{count}}',
  rejectTitle: 'Отклонить сообщения: {{count}}',
  note: 'Комментарий проверки',
  noteRequired: 'Укажите причину отклонения',
  noteTooLong: 'Комментарий — не более {{max}} символов',
  approved: 'Одобрено сообщений: {{count}}',
  rejected: 'Отклонено сообщений: {{count}}',
  emptyPending: 'Нет сообщений, ожидающих проверки',
  keyword: 'Часть названия или текста',
  state: 'Статус проверки',
  name: 'Сообщение',
  maker: 'Автор',
  office: 'Организация',
  preview: 'Просмотр',
  states: {
    pending: 'На проверке',
    approved: 'Одобрено',
    rejected: 'Отклонено',
  },
};
export default messages;
