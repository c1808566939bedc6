import type en from '../en-US/home';

/** La home dopo l'accesso e la sua intestazione. */
const home: typeof en = {
  welcome: 'Bentornato',
  office: 'Organizzazione',
  noOffice: 'Nessuna organizzazione',
  loginName: 'Nome di accesso',
  signedInAt: 'Accesso effettuato',
  personalCenter: 'Area personale',
  signOut: 'Esci',
  signOutFailed: 'La richiesta di uscita non ha raggiunto il server; sei uscito su questo dispositivo.',
  loadFailed: 'Impossibile caricare il tuo account.',
  retry: 'Riprova',
  roles: 'Ruoli',
  noRoles: 'Nessun ruolo',
  menuEntries: 'Le tue pagine',
  noMenuEntries: 'Nessuna pagina ancora disponibile. Chiedi i permessi a un amministratore.',
  roleNames: {
    superAdmin: 'Super amministratore',
    operator: 'Operatore',
    auditor: 'Revisore',
    manager: 'Responsabile',
  },
};
export default home;
