/** Enable customization, create domain name and personalized interface (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  preview: 'Anteprima',
  saved: 'Salvato',
  editBrand: 'Marchio di “{{name}}”',
  sameAsPlatform: 'Come la piattaforma',
  addLink: 'Aggiungi link a piè di pagina',
  removeLink: 'Rimuovi link',
  linkListHint: 'Senza link, la pagina di accesso mostra i link a piè di pagina della piattaforma.',
  kinds: { agent: 'Agente', customer: 'Cliente' },
  fields: {
    name: 'Nome',
    kind: 'Tipo',
    parent: 'Istituzione padre',
    enabled: 'Personalizzazione',
    domainName: 'Dominio di secondo livello',
    title: 'Titolo',
    tag: 'Slogan',
    logo: 'Indirizzo del logo',
    icoImg: 'Indirizzo della favicon',
    copyRight: 'Copyright',
    backgroundImage: 'Indirizzo dello sfondo di accesso',
    defaultLanguage: 'Lingua predefinita',
    linkList: 'Link a piè di pagina',
    linkName: 'Testo del link',
    link: 'Indirizzo del link',
  },
  errors: {
    linkIncomplete: 'Ogni link richiede un testo e un indirizzo',
    url: '{{field}} deve essere un indirizzo http(s) o un percorso che inizia con /',
    domainName: 'Inserisci un nome host come signage.example.com (senza http://, porta o percorso)',
    domainTaken: 'Questo dominio è già in uso',
  },
  customization: { title: 'Attiva personalizzazione', edit: 'Modifica marchio' },
  domain: {
    title: 'Crea nome di dominio',
    edit: 'Imposta dominio',
    editTitle: 'Dominio di secondo livello di “{{name}}”',
    hint: 'Accedendo da questo indirizzo si vede il marchio del cliente. Lascia vuoto per rimuoverlo.',
  },
  personalized: {
    title: 'Interfaccia personalizzata',
    platform: 'Il marchio della piattaforma si imposta nelle impostazioni di sistema.',
    active: 'Personalizzazione attiva',
    inactive: 'Personalizzazione non ancora attivata',
  },
};

export default messages;
