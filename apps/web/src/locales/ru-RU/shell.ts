import type en from '../en-US/shell';

/** The signed-in shell: header, menu, notice bell, tab bar, page guard. (ru-RU) */
const shell: typeof en = {
  collapse: 'Свернуть меню',
  expand: 'Развернуть меню',
  openMenu: 'Открыть меню',
  menu: 'Меню',
  notices: 'Уведомления',
  noticesUnread: 'Уведомления, непрочитанных: {{count}}',
  alarms: 'Тревоги',
  alarmsPending: 'Тревоги: нерешённых {{count}}, новых {{fresh}}',
  alarmsArrived: 'Поступили новые тревоги',
  alarmsOpen: 'Открыть центр тревог',
  noNotices: 'Нет уведомлений',
  noticesFailed: 'Не удалось загрузить уведомления.',
  viewAll: 'Все уведомления',
  tabActions: 'Действия с вкладкой',
  openPages: 'Открытые страницы',
  closeTab: 'Закрыть «{{name}}»',
  refresh: 'Обновить',
  close: 'Закрыть',
  closeLeft: 'Закрыть вкладки слева',
  closeRight: 'Закрыть вкладки справа',
  closeOthers: 'Закрыть другие вкладки',
  lock: 'Закрепить вкладку',
  unlock: 'Открепить вкладку',
  lastTab: 'Это последняя страница, её нельзя закрыть',
  lockedTab: 'Вкладка закреплена. Открепите её, прежде чем закрывать.',
  help: 'Справка / частые вопросы',
  noPermissionPage: 'извините, у вас нет прав на просмотр страницы {{path}}, обратитесь к администратору',
};
export default shell;
