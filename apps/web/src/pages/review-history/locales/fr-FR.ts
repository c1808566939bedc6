/** L’historique de validation (fr-FR). */
export default {
  open: 'Historique',
  title: 'Historique de validation de « {{name}} »',
  revision: 'Révision {{revision}}',
  system: 'le système',
  empty: 'Aucune étape de validation (enregistré sans validation).',
  loadFailed: 'L’historique n’a pas pu être chargé.',
  actions: {
    submitted: 'Soumis',
    resubmitted: 'Soumis à nouveau',
    approved: 'Validé',
    rejected: 'Refusé',
    autoApproved: 'Validé à l’enregistrement',
  },
};
