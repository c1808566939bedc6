/** Common problem management (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Управление частыми вопросами',
  language: 'Язык',
  question: 'Вопрос',
  answer: 'Ответ',
  published: 'Опубликован',
  keywordHint: 'Часть вопроса или ответа',
  create: 'Новый частый вопрос',
  createTitle: 'Новый частый вопрос',
  editTitle: 'Изменить частый вопрос',
  saved: 'Частый вопрос сохранён',
  deleted: 'Удалено',
  publishedNow: 'Опубликовано',
  withdrawn: 'Снято с публикации',
  errors: {
    platformOnly: 'Изменять общие данные платформы могут только её пользователи',
    notFound: 'Запись больше не существует',
  },
};
export default messages;
