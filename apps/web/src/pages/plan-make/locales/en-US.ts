/** Plan production (en-US). */
export default {
  title: 'Plan production',
};
