/** Program publishing (fr-FR). */
export default {
  title: 'Publier le programme',
};
