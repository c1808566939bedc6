/** Common problem management (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestione domande frequenti',
  language: 'Lingua',
  question: 'Domanda',
  answer: 'Risposta',
  published: 'Pubblicata',
  keywordHint: 'Parte della domanda o della risposta',
  create: 'Nuova domanda frequente',
  createTitle: 'Nuova domanda frequente',
  editTitle: 'Modifica domanda frequente',
  saved: 'La domanda frequente è stata salvata',
  deleted: 'Eliminato',
  publishedNow: 'Pubblicata',
  withdrawn: 'Ritirata',
  errors: {
    platformOnly: 'Solo gli utenti della piattaforma possono modificare i dati comuni',
    notFound: 'La voce non esiste più',
  },
};
export default messages;
