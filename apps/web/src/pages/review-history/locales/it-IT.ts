/** La cronologia della revisione (it-IT). */
export default {
  open: 'Cronologia',
  title: 'Cronologia della revisione di “{{name}}”',
  revision: 'Revisione {{revision}}',
  system: 'il sistema',
  empty: 'Nessun passaggio di revisione (salvato a revisione disattivata).',
  loadFailed: 'Impossibile caricare la cronologia.',
  actions: {
    submitted: 'Inviato',
    resubmitted: 'Inviato di nuovo',
    approved: 'Approvato',
    rejected: 'Rifiutato',
    autoApproved: 'Approvato al salvataggio',
  },
};
