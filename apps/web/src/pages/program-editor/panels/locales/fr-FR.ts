/** Program editor properties panels (fr-FR). */
export default {
  title: 'Propriétés',
};
