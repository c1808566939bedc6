import type en from '../en-US/sys-init';

/** La pagina di inizializzazione del sistema. */
const sysInit: typeof en = {
  title: 'Inizializzazione del sistema',
  intro: 'Crea la prima organizzazione e il suo account amministratore.',
  officeName: "Nome dell'organizzazione",
  officeNameRequired: "Inserisci il nome dell'organizzazione",
  officeNameMax: "Il nome dell'organizzazione può avere al massimo 100 caratteri",
  username: "Nome di accesso dell'amministratore",
  usernameRequired: "Inserisci il nome di accesso dell'amministratore",
  usernamePattern:
    "Il nome di accesso dell'amministratore deve avere 2–50 lettere, cifre o i caratteri _ . - @",
  name: 'Nome visualizzato',
  nameMax: 'Il nome visualizzato può avere al massimo 100 caratteri',
  password: 'Password',
  passwordRequired: 'Inserisci la password',
  passwordRule:
    'La password deve avere 8–64 caratteri e contenere una lettera minuscola, una maiuscola, una cifra e un simbolo',
  confirm: 'Conferma password',
  confirmRequired: 'Conferma la password',
  confirmMismatch: 'La conferma password non coincide con la password',
  submit: 'Inizializza',
  success: 'Il sistema è stato inizializzato. Accedi.',
  defaultLanguage: 'Lingua predefinita',
  defaultLanguageHelp:
    'La lingua in cui la console si apre per i nuovi visitatori; ogni utente può comunque cambiarla.',
  setupToken:
    "Aprire questa pagina con l'indirizzo stampato dal server all'avvio (…/sysInit?token=…): il token di configurazione manca o è errato.",
  alreadyInitialised: 'Il sistema è già stato inizializzato.',
  failed: 'Inizializzazione non riuscita. Controlla il modulo e riprova.',
};
export default sysInit;
