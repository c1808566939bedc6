/** Program editor (ru-RU). */
export default {
  title: 'Редактор программ',
};
