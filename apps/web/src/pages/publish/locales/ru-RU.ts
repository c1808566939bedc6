/** Program publishing (ru-RU). */
export default {
  title: 'Публикация программы',
};
