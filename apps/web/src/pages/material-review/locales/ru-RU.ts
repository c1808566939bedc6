/** Material review (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  anyOffice: 'Все организации',
  title: 'Проверка материалов',
  approve: 'Одобрить',
  reject: 'Отклонить',
  bulkApprove: 'Одобрить выбранные ({{count}})',
  bulkReject: 'Отклонить выбранные ({{count}})',
  approveTitle: 'Одобрить материалы ({{count}})',
  rejectTitle: 'Отклонить материалы ({{count}})',
  note: 'Комментарий проверки',
  noteRequired: 'Укажите причину отклонения',
  noteTooLong: 'Комментарий может содержать не более {{max}} символов',
  approved: 'Одобрено материалов: {{count}}',
  rejected: 'Отклонено материалов: {{count}}',
  emptyPending: 'Нет материалов, ожидающих проверки',
  keyword: 'Поиск по имени',
  state: 'Статус проверки',
  name: 'Имя',
  preview: 'Просмотр',
  states: {
    pending: 'Ожидает проверки',
    approved: 'Одобрено',
    rejected: 'Отклонено',
  },
};
export default messages;
