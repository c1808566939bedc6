import type en from '../en-US/home';

/** La page d'accueil après connexion et son en-tête. */
const home: typeof en = {
  welcome: 'Bon retour',
  office: 'Organisation',
  noOffice: 'Aucune organisation',
  loginName: 'Identifiant',
  personalCenter: 'Espace personnel',
  signOut: 'Se déconnecter',
  signOutFailed: "La déconnexion n'a pas atteint le serveur ; vous êtes déconnecté sur cet appareil.",
  loadFailed: "Votre compte n'a pas pu être chargé.",
  retry: 'Réessayer',
};
export default home;
