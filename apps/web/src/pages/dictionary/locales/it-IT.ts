/** Dictionary management (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestione dizionario',
  types: 'Tipi di dizionario',
  allTypes: 'Tutti i tipi',
  type: 'Tipo',
  value: 'Valore',
  label: 'Etichetta',
  labelFor: 'Etichetta ({{language}})',
  description: 'Descrizione',
  keywordHint: 'Tipo, valore o etichetta',
  typeRule: 'Il tipo inizia con una lettera e ha al massimo 64 lettere, cifre o _ . -',
  valueRule: 'Il valore ha da 1 a 64 lettere, cifre o _ . : -',
  create: 'Nuova voce',
  createTitle: 'Nuova voce di dizionario',
  editTitle: 'Modifica «{{name}}»',
  saved: 'La voce è stata salvata',
  deleted: 'Eliminato',
  errors: {
    platformOnly: 'Solo gli utenti della piattaforma possono modificare i dati comuni',
    duplicateValue: 'Questo valore esiste già in questo tipo',
    notFound: 'La voce non esiste più',
  },
};
export default messages;
