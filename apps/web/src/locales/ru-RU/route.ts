import type en from '../en-US/route';

/** Названия страниц для заголовка документа. */
const route: typeof en = {
  login: 'Вход',
  sysInit: 'Инициализация системы',
  register: 'Регистрация',
  forgotPassword: 'Восстановление пароля',
  home: 'Главная',
  personalCenter: 'Личный кабинет',
  forbidden: 'Доступ запрещён',
  notFound: 'Страница не найдена',
  serverError: 'Ошибка сервера',
  logout: 'Сеанс недействителен',
  inframe: 'Встроенная страница',
  planMakeFull: 'Создание плана',
  publishSet: 'Настройки публикации',
  terminalSelection: 'Выбор терминалов',
  programEditor: 'Редактор программ',
};
export default route;
