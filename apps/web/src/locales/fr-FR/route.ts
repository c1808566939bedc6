import type en from '../en-US/route';

/** Noms des pages, utilisés dans le titre du document. */
const route: typeof en = {
  login: 'Connexion',
  sysInit: 'Initialisation du système',
  register: 'Inscription',
  forgotPassword: 'Mot de passe oublié',
  home: 'Accueil',
  personalCenter: 'Espace personnel',
  forbidden: 'Accès refusé',
  notFound: 'Page introuvable',
  serverError: 'Erreur du serveur',
  logout: 'Connexion expirée',
  inframe: 'Page intégrée',
  planMakeFull: 'Production de plan',
  publishSet: 'Paramètres de publication',
  terminalSelection: 'Sélection des terminaux',
  programEditor: 'Éditeur de programmes',
};
export default route;
