/** Program editor (it-IT). */
export default {
  title: 'Editor di programmi',
};
