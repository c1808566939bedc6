import type en from '../en-US/route';

/** Nomi delle pagine, usati nel titolo del documento. */
const route: typeof en = {
  login: 'Accesso',
  sysInit: 'Inizializzazione del sistema',
  home: 'Home',
  personalCenter: 'Area personale',
  forbidden: 'Accesso negato',
  notFound: 'Pagina non trovata',
  serverError: 'Errore del server',
  logout: 'Accesso non valido',
};
export default route;
