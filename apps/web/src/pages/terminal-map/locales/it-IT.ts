/** Terminal map (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Mappa dei terminali',
  filters: {
    office: 'Istituzione',
    allOffices: 'Tutte le istituzioni',
    group: 'Gruppo',
    allGroups: 'Tutti i gruppi',
    state: 'Stato',
    allStates: 'Tutti gli stati',
  },
  states: {
    online: 'Online',
    abnormal: 'Anomalo (allarme aperto)',
    offline: 'Offline',
  },
  legend: 'Legenda',
  shown: 'Terminali sulla mappa: {{count}}',
  loadFailed: 'Impossibile caricare i terminali: {{message}}',
  search: {
    placeholder: 'Cerca un indirizzo',
    unavailable: 'Il servizio di ricerca della mappa non è disponibile; riprova più tardi.',
    noResults: 'Nessun luogo trovato',
  },
  unpositioned: {
    title: 'Senza posizione ({{count}})',
    none: 'Ogni terminale ha una posizione.',
    more: 'e altri {{count}}: filtra per istituzione o gruppo per vederli',
    place: 'Posiziona sulla mappa',
    placing: 'Fai clic sulla mappa dove si trova {{name}}.',
    cancel: 'Annulla',
    ask: 'Chiedi la loro posizione',
    asked: 'Terminali a cui è stata chiesta la posizione: {{count}}. Quelli online rispondono tra poco.',
    askFailed: 'Impossibile chiedere la posizione ai terminali: {{message}}',
  },
  move: {
    placeTitle: 'Posizionare {{name}} qui?',
    moveTitle: 'Spostare {{name}} qui?',
    content: 'Latitudine {{latitude}}, longitudine {{longitude}}. Il terminale riceve la nuova posizione.',
    ok: 'Conferma',
    saved: '{{name}} posizionato sulla mappa',
    failed: 'Impossibile posizionare {{name}}: {{message}}',
    dragHint: 'Trascina un terminale per spostarlo.',
    noPermission: 'Per spostare i terminali serve il permesso di modificare le impostazioni dei terminali.',
  },
  popup: {
    state: 'Stato',
    details: 'Dettagli',
    info: 'Info terminale',
  },
};

export default messages;
