/** Program editor (fr-FR). */
export default {
  title: 'Éditeur de programmes',
};
