import type en from '../en-US/announcement';

/** The announcement popup after sign-in. (ru-RU) */
const announcement: typeof en = {
  title: 'Объявление',
  noMore: 'Больше не напоминать',
  close: 'Закрыть',
  fetchFailed: 'Ошибка получения объявления!',
};
export default announcement;
