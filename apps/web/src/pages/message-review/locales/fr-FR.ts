/** Message review (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Validation des messages',
  approve: 'Valider',
  reject: 'Refuser',
  bulkApprove: 'Valider la sélection ({{count}})',
  bulkReject: 'Refuser la sélection ({{count}})',
  approveTitle: 'Valider des messages : {{count}}',
  rejectTitle: 'Refuser des messages : {{count}}',
  note: 'Note de validation',
  noteRequired: 'Indiquez le motif du refus',
  noteTooLong: 'La note compte au plus {{max}} caractères',
  approved: 'Messages validés : {{count}}',
  rejected: 'Messages refusés : {{count}}',
  emptyPending: 'Aucun message en attente de validation',
  keyword: 'Partie du nom ou du texte',
  state: 'État de validation',
  name: 'Message',
  maker: 'Créé par',
  office: 'Établissement',
  preview: 'Aperçu',
  states: {
    pending: 'En attente de validation',
    approved: 'Validé',
    rejected: 'Refusé',
  },
};
export default messages;
