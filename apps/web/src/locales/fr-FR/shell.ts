import type en from '../en-US/shell';

/** The signed-in shell: header, menu, notice bell, tab bar, page guard. (fr-FR) */
const shell: typeof en = {
  collapse: 'Replier le menu',
  expand: 'Déplier le menu',
  openMenu: 'Ouvrir le menu',
  menu: 'Menu',
  notices: 'Vos notifications',
  noticesUnread: 'Vos notifications, {{count}} non lues',
  alarms: 'Alarmes',
  alarmsPending: 'Alarmes : {{count}} non résolue(s), {{fresh}} nouvelle(s)',
  alarmsArrived: 'De nouvelles alarmes sont arrivées',
  alarmsOpen: 'Ouvrir le centre d’alarmes',
  noNotices: 'Aucune notification',
  noticesFailed: 'Les notifications n’ont pas pu être chargées.',
  viewAll: 'Tout voir',
  tabActions: 'Actions de l’onglet',
  openPages: 'Pages ouvertes',
  closeTab: 'Fermer {{name}}',
  refresh: 'Actualiser',
  close: 'Fermer',
  closeLeft: 'Fermer les onglets à gauche',
  closeRight: 'Fermer les onglets à droite',
  closeOthers: 'Fermer les autres onglets',
  lock: 'Verrouiller l’onglet',
  unlock: 'Déverrouiller l’onglet',
  lastTab: 'C’est la dernière page, vous ne pouvez pas la fermer',
  lockedTab: 'Cet onglet est verrouillé. Déverrouillez-le avant de le fermer.',
  help: 'Aide / questions fréquentes',
  noPermissionPage:
    'désolé, vous n’avez pas l’autorisation de consulter la page {{path}}, veuillez contacter l’administrateur',
};
export default shell;
