import type en from '../en-US/shell';

/** The signed-in shell: header, menu, notice bell, tab bar, page guard. (it-IT) */
const shell: typeof en = {
  collapse: 'Comprimi menu',
  expand: 'Espandi menu',
  openMenu: 'Apri menu',
  menu: 'Menu',
  notices: 'Notifiche',
  noticesUnread: 'Notifiche, {{count}} non lette',
  alarms: 'Allarmi',
  alarmsPending: 'Allarmi: {{count}} non risolti, {{fresh}} nuovi',
  alarmsArrived: 'Sono arrivati nuovi allarmi',
  alarmsOpen: 'Apri il centro allarmi',
  noNotices: 'Nessuna notifica',
  noticesFailed: 'Impossibile caricare le notifiche.',
  viewAll: 'Vedi tutte',
  tabActions: 'Azioni scheda',
  openPages: 'Pagine aperte',
  closeTab: 'Chiudi {{name}}',
  refresh: 'Aggiorna',
  close: 'Chiudi',
  closeLeft: 'Chiudi schede a sinistra',
  closeRight: 'Chiudi schede a destra',
  closeOthers: 'Chiudi le altre schede',
  lock: 'Blocca scheda',
  unlock: 'Sblocca scheda',
  lastTab: "Questa è l'ultima pagina, non puoi chiuderla",
  lockedTab: 'Questa scheda è bloccata. Sbloccala prima di chiuderla.',
  help: 'Aiuto / domande frequenti',
  noPermissionPage:
    "spiacenti, non hai l'autorizzazione per visitare la pagina {{path}}, contatta l'amministratore",
};
export default shell;
