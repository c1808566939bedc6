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
  keyword: 'Cerca per nome',
  state: 'Stato revisione',
  name: 'Nome',
  preview: 'Anteprima',
  states: {
    pending: 'In attesa di revisione',
    approved: 'Approvato',
    rejected: 'Respinto',
  },
};
export default messages;
