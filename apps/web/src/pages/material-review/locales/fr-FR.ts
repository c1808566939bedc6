/** Material review (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  anyOffice: 'Toutes les institutions',
  title: 'Validation des médias',
  approve: 'Approuver',
  reject: 'Refuser',
  bulkApprove: 'Approuver la sélection ({{count}})',
  bulkReject: 'Refuser la sélection ({{count}})',
  approveTitle: 'Approuver {{count}} média(s)',
  rejectTitle: 'Refuser {{count}} média(s)',
  note: 'Commentaire de validation',
  noteRequired: 'Veuillez indiquer le motif du refus',
  noteTooLong: 'Le commentaire peut comporter au plus {{max}} caractères',
  approved: '{{count}} média(s) approuvé(s)',
  rejected: '{{count}} média(s) refusé(s)',
  emptyPending: 'Aucun média en attente de validation',
  keyword: 'Rechercher par nom',
  state: 'État de validation',
  name: 'Nom',
  preview: 'Aperçu',
  states: {
    pending: 'En attente de validation',
    approved: 'Approuvé',
    rejected: 'Refusé',
  },
};
export default messages;
