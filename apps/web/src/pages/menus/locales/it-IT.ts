/** Menu management (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestione menu',
  addTop: 'Aggiungi voce principale',
  addChild: 'Aggiungi sottovoce',
  moveUp: 'Sposta su',
  moveDown: 'Sposta giù',
  createTitle: 'Nuova voce di menu',
  editTitle: 'Modifica voce di menu “{{name}}”',
  saved: 'Menu salvato',
  deleted: 'Voce di menu eliminata',
  moved: 'Ordine modificato',
  hasChildren: 'Elimina prima le voci sotto “{{name}}”.',
  hidden: 'Nascosta',
  visibleYes: 'Visibile',
  openToAll: 'Tutti (*)',
  columns: {
    name: 'Nome',
    key: 'Chiave',
    path: 'Percorso',
    icon: 'Icona',
    permission: 'Permesso',
    visible: 'Visibile',
  },
  form: {
    key: 'Chiave',
    keyHelp: 'Una lettera, poi lettere, cifre o _. Non può essere cambiata in seguito.',
    keyPattern: 'La chiave deve iniziare con una lettera e contenere solo lettere, cifre o _',
    parent: 'Voce superiore',
    parentNone: 'Livello principale',
    path: 'Percorso',
    pathHelp: 'Percorso della pagina nella console, ad es. sys/reports. Vuoto per un gruppo.',
    pathPattern: 'Il percorso può contenere solo lettere, cifre, -, _, . e /',
    names: 'Nomi',
    name: 'Nome ({{language}})',
    icon: 'Icona',
    iconNone: 'Nessuna icona',
    permission: 'Permesso',
    sort: 'Ordine',
    visible: 'Visibile nel menu',
    roles: 'Ruoli',
    rolesHelp: 'Codici dei ruoli che possono aprire anche la pagina',
  },
};

export default messages;
