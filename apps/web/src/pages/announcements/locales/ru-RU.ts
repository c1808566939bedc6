/** Announcement management (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Управление объявлениями',
  intro:
    'Объявление показывается каждому пользователю после входа, пока оно включено и действует его период.',
  saved: 'Объявление сохранено',
  fields: {
    texts: 'Заголовок и текст',
    titleIn: 'Заголовок ({{language}})',
    contentIn: 'Текст ({{language}})',
    period: 'Период',
    start: 'Начало',
    end: 'Конец (пусто: без конца)',
    colseTipOn: 'Показывать окно',
  },
  endAfterStart: 'Конец периода должен быть позже начала',
  titleNeeded: 'Чтобы показывать окно, введите заголовок на этом языке или удалите язык',
  contentNeeded: 'Чтобы показывать окно, введите текст на этом языке или удалите язык',
  addLanguage: 'Добавить язык',
  removeLanguage: 'Удалить язык',
  preview: 'Предпросмотр',
  previewLanguage: 'Язык предпросмотра',
  previewEmpty: 'Пока нечего показать',
  status: {
    active: 'Показывается',
    scheduled: 'Запланировано',
    ended: 'Период истёк',
    off: 'Окно выключено',
  },
};

export default messages;
