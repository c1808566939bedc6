import type en from '../en-US/home';

/** Главная страница после входа и её шапка. */
const home: typeof en = {
  welcome: 'С возвращением',
  office: 'Организация',
  noOffice: 'Без организации',
  loginName: 'Логин',
  signedInAt: 'Время входа',
  personalCenter: 'Личный кабинет',
  signOut: 'Выйти',
  signOutFailed: 'Запрос на выход не дошёл до сервера; выход выполнен на этом устройстве.',
  loadFailed: 'Не удалось загрузить данные учётной записи.',
  retry: 'Повторить',
  roles: 'Роли',
  noRoles: 'Нет ролей',
  menuEntries: 'Ваши страницы',
  noMenuEntries: 'Доступных страниц пока нет. Попросите администратора выдать права.',
  roleNames: {
    superAdmin: 'Суперадминистратор',
    operator: 'Оператор',
    auditor: 'Аудитор',
    manager: 'Менеджер',
  },
};
export default home;
