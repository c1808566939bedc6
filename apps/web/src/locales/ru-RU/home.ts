import type en from '../en-US/home';

/** Главная страница после входа и её шапка. */
const home: typeof en = {
  welcome: 'С возвращением',
  office: 'Организация',
  noOffice: 'Без организации',
  loginName: 'Логин',
  personalCenter: 'Личный кабинет',
  signOut: 'Выйти',
  signOutFailed: 'Запрос на выход не дошёл до сервера; выход выполнен на этом устройстве.',
  loadFailed: 'Не удалось загрузить данные учётной записи.',
  retry: 'Повторить',
};
export default home;
