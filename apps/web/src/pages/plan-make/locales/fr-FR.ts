/** Plan production (fr-FR). */
export default {
  title: 'Production de plan',
};
