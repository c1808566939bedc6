import type en from '../en-US/common';

/** Parole comuni: pulsanti, stati generici, prefisso del titolo. */
const common: typeof en = {
  admin: 'Amministrazione',
  language: 'Lingua',
  backHome: 'Torna alla home',
  backToLogin: "Torna all'accesso",
  submit: 'Invia',
  cancel: 'Annulla',
  ok: 'OK',
  close: 'Chiudi',
  loading: 'Caricamento…',
  reload: 'Ricarica',
  success: 'Operazione riuscita',
  optional: 'Facoltativo',
};
export default common;
