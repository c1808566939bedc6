/** Dictionary management (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Управление справочниками',
  types: 'Типы справочников',
  allTypes: 'Все типы',
  type: 'Тип',
  value: 'Значение',
  label: 'Подпись',
  labelFor: 'Подпись ({{language}})',
  description: 'Описание',
  keywordHint: 'Тип, значение или подпись',
  typeRule: 'Тип начинается с буквы и содержит не более 64 букв, цифр или _ . -',
  valueRule: 'Значение содержит от 1 до 64 букв, цифр или _ . : -',
  create: 'Новая запись',
  createTitle: 'Новая запись справочника',
  editTitle: 'Изменить «{{name}}»',
  saved: 'Запись сохранена',
  deleted: 'Удалено',
  errors: {
    platformOnly: 'Изменять общие данные платформы могут только её пользователи',
    duplicateValue: 'Такое значение уже есть в этом типе',
    notFound: 'Запись больше не существует',
  },
};
export default messages;
