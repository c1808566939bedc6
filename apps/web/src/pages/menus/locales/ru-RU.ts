/** Menu management (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Управление меню',
  addTop: 'Добавить пункт верхнего уровня',
  addChild: 'Добавить подпункт',
  moveUp: 'Выше',
  moveDown: 'Ниже',
  createTitle: 'Новый пункт меню',
  editTitle: 'Изменить пункт меню «{{name}}»',
  saved: 'Меню сохранено',
  deleted: 'Пункт меню удалён',
  moved: 'Порядок изменён',
  hasChildren: 'Сначала удалите пункты внутри «{{name}}».',
  hidden: 'Скрыт',
  visibleYes: 'Показан',
  openToAll: 'Все (*)',
  columns: {
    name: 'Название',
    key: 'Ключ',
    path: 'Путь',
    icon: 'Значок',
    permission: 'Право',
    visible: 'Видимость',
  },
  form: {
    key: 'Ключ',
    keyHelp: 'Буква, затем буквы, цифры или _. Позже изменить нельзя.',
    keyPattern: 'Ключ должен начинаться с буквы и содержать только буквы, цифры или _',
    parent: 'Родительский пункт',
    parentNone: 'Верхний уровень',
    path: 'Путь',
    pathHelp: 'Путь страницы в консоли, например sys/reports. Для группы оставьте пустым.',
    pathPattern: 'Путь может содержать только буквы, цифры, -, _, . и /',
    names: 'Названия',
    name: 'Название ({{language}})',
    icon: 'Значок',
    iconNone: 'Без значка',
    permission: 'Право',
    sort: 'Порядок',
    visible: 'Показывать в меню',
    roles: 'Роли',
    rolesHelp: 'Коды ролей, которые тоже могут открыть страницу',
  },
};

export default messages;
