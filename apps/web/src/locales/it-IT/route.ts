import type en from '../en-US/route';

/** Nomi delle pagine, usati nel titolo del documento. */
const route: typeof en = {
  login: 'Accesso',
  sysInit: 'Inizializzazione del sistema',
  register: 'Registrazione',
  forgotPassword: 'Password dimenticata',
  home: 'Home',
  personalCenter: 'Area personale',
  forbidden: 'Accesso negato',
  notFound: 'Pagina non trovata',
  serverError: 'Errore del server',
  logout: 'Accesso non valido',
  inframe: 'Pagina incorporata',
  planMakeFull: 'Produzione piano',
  publishSet: 'Impostazioni di pubblicazione',
  terminalSelection: 'Selezione terminali',
  programEditor: 'Editor di programmi',
};
export default route;
