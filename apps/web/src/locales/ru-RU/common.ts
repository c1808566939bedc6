import type en from '../en-US/common';

/** Общие слова: кнопки, общие состояния, префикс заголовка. */
const common: typeof en = {
  admin: 'Администрирование',
  language: 'Язык',
  backHome: 'На главную',
  backToLogin: 'Вернуться ко входу',
  submit: 'Отправить',
  cancel: 'Отмена',
  ok: 'ОК',
  close: 'Закрыть',
  loading: 'Загрузка…',
  reload: 'Перезагрузить',
  success: 'Операция выполнена успешно',
  optional: 'Необязательно',
};
export default common;
