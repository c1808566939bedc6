import type en from '../en-US/exception';

/** Pagine di errore. */
const exception: typeof en = {
  forbidden: 'Spiacenti, non hai il permesso di visitare questa pagina.',
  notFound: 'Spiacenti, la pagina che hai visitato non esiste.',
  serverError: 'Spiacenti, si è verificato un errore sul server.',
  loginInvalid: 'Accesso non valido, accedi di nuovo',
  loginInvalidDesc: 'La tua sessione è scaduta o è stata chiusa.',
  appError: 'Si è verificato un errore',
  chunkError:
    "Non è stato possibile caricare una parte dell'applicazione. Controlla la connessione e ricarica la pagina.",
};
export default exception;
