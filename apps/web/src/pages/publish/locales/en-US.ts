/** Program publishing (en-US). */
export default {
  title: 'Publish program',
};
