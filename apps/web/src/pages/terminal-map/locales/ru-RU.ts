/** Terminal map (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Карта терминалов',
  filters: {
    office: 'Организация',
    allOffices: 'Все организации',
    group: 'Группа',
    allGroups: 'Все группы',
    state: 'Состояние',
    allStates: 'Все состояния',
  },
  states: {
    online: 'В сети',
    abnormal: 'Неисправность (открытая тревога)',
    offline: 'Не в сети',
  },
  legend: 'Условные обозначения',
  shown: 'Терминалов на карте: {{count}}',
  loadFailed: 'Не удалось загрузить терминалы: {{message}}',
  search: {
    placeholder: 'Поиск адреса',
    unavailable: 'Служба поиска по карте недоступна; попробуйте позже.',
    noResults: 'Место не найдено',
  },
  unpositioned: {
    title: 'Без местоположения ({{count}})',
    none: 'У всех терминалов есть местоположение.',
    more: 'и ещё {{count}}: отфильтруйте по организации или группе, чтобы их увидеть',
    place: 'Разместить на карте',
    placing: 'Щёлкните на карте там, где находится {{name}}.',
    cancel: 'Отмена',
  },
  move: {
    placeTitle: 'Разместить {{name}} здесь?',
    moveTitle: 'Переместить {{name}} сюда?',
    content: 'Широта {{latitude}}, долгота {{longitude}}. Терминал получит новое местоположение.',
    ok: 'Подтвердить',
    saved: '{{name}} размещён на карте',
    failed: 'Не удалось разместить {{name}}: {{message}}',
    dragHint: 'Перетащите терминал, чтобы переместить его.',
    noPermission: 'Для перемещения терминалов нужно право на изменение настроек терминалов.',
  },
  popup: {
    state: 'Состояние',
    details: 'Подробности',
  },
};

export default messages;
