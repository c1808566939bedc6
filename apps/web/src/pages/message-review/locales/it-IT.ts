/** Message review (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Revisione messaggi',
  approve: 'Approva',
  reject: 'Rifiuta',
  bulkApprove: 'Approva selezionati ({{count}})',
  bulkReject: 'Rifiuta selezionati ({{count}})',
  approveTitle: 'Approva messaggi: {{count}}',
  rejectTitle: 'Rifiuta messaggi: {{count}}',
  note: 'Nota di revisione',
  noteRequired: 'Indica il motivo del rifiuto',
  noteTooLong: 'La nota può avere al massimo {{max}} caratteri',
  approved: 'Messaggi approvati: {{count}}',
  rejected: 'Messaggi rifiutati: {{count}}',
  emptyPending: 'Nessun messaggio in attesa di revisione',
  keyword: 'Parte del nome o del testo',
  state: 'Stato revisione',
  name: 'Messaggio',
  maker: 'Creato da',
  office: 'Istituzione',
  preview: 'Anteprima',
  states: {
    pending: 'In revisione',
    approved: 'Approvato',
    rejected: 'Rifiutato',
  },
};
export default messages;
