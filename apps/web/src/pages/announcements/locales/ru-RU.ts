/** Announcement management (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Управление объявлениями',
  intro:
    'Объявление показывается каждому пользователю после входа, пока оно включено и действует его период.',
  saved: 'Объявление сохранено',
  fields: {
    titleCh: 'Заголовок (китайский)',
    titleEn: 'Заголовок (английский)',
    contentCh: 'Текст (китайский)',
    contentEn: 'Текст (английский)',
    period: 'Период',
    start: 'Начало',
    end: 'Конец (пусто: без конца)',
    colseTipOn: 'Показывать окно',
  },
  endAfterStart: 'Конец периода должен быть позже начала',
  titleNeeded: 'Чтобы показывать окно, введите заголовок на китайском или английском',
  contentNeeded: 'Чтобы показывать окно, введите текст на китайском или английском',
  preview: 'Предпросмотр',
  previewChinese: 'Китайский',
  previewEnglish: 'Английский',
  previewEmpty: 'Пока нечего показать',
  status: {
    active: 'Показывается',
    scheduled: 'Запланировано',
    ended: 'Период истёк',
    off: 'Окно выключено',
  },
};

export default messages;
