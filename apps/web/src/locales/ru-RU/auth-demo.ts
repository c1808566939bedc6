import type en from '../en-US/auth-demo';

/** The authority demo page. (ru-RU) */
const authDemo: typeof en = {
  disabledTitle: 'Элементы, требующие прав',
  disabledDesc: 'Элемент отключается и показывает подсказку, если у вас нет нужного права.',
  guardedTitle: 'Защищённые действия',
  guardedDesc: 'Действие без нужного права отклоняется с сообщением, в котором названо это право.',
};
export default authDemo;
