/** Program editor properties panels (ru-RU). */
export default {
  title: 'Свойства',
};
