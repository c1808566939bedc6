import type en from '../en-US/request';

/** Errori generici delle richieste. */
const request: typeof en = {
  noPermission: 'Accesso/Nessun permesso',
  denied: 'Richiesta rifiutata',
  timeout: 'La richiesta è scaduta. Riprova.',
  network: 'Errore di rete: {{message}}',
  failed: 'Richiesta non riuscita ({{status}})',
};
export default request;
