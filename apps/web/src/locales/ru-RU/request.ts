import type en from '../en-US/request';

/** Общие ошибки запросов. */
const request: typeof en = {
  noPermission: 'Вход/Нет прав доступа',
  denied: 'Запрос отклонён',
  timeout: 'Время ожидания запроса истекло. Повторите попытку.',
  network: 'Ошибка сети: {{message}}',
  failed: 'Ошибка запроса ({{status}})',
};
export default request;
