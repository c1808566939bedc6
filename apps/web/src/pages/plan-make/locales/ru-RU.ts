/** Plan production (ru-RU). */
export default {
  title: 'Создание плана',
};
