import type en from '../en-US/exception';

/** Страницы ошибок. */
const exception: typeof en = {
  forbidden: 'Извините, у вас нет доступа к этой странице.',
  notFound: 'Извините, запрошенная страница не существует.',
  serverError: 'Извините, на сервере произошла ошибка.',
  loginInvalid: 'Сеанс недействителен, войдите снова',
  loginInvalidDesc: 'Срок действия сеанса истёк или он был завершён.',
  appError: 'Что-то пошло не так',
  chunkError: 'Не удалось загрузить часть приложения. Проверьте подключение и перезагрузите страницу.',
};
export default exception;
