/** Material review (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  anyOffice: 'Tutte le istituzioni',
  title: 'Revisione materiali',
  approve: 'Approva',
  reject: 'Respingi',
  bulkApprove: 'Approva selezionati ({{count}})',
  bulkReject: 'Respingi selezionati ({{count}})',
  approveTitle: 'Approva {{count}} materiali',
  rejectTitle: 'Respingi {{count}} materiali',
  note: 'Nota di revisione',
  noteRequired: 'Indica il motivo del rifiuto',
  noteTooLong: 'La nota può avere al massimo {{max}} caratteri',
  approved: '{{count}} materiali approvati',
  rejected: '{{count}} materiali respinti',
  emptyPending: 'Nessun materiale in attesa di revisione',
};
export default messages;
