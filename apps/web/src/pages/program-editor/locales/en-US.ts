/** Program editor (en-US). */
export default {
  title: 'Program editor',
};
