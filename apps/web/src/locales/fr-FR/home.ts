import type en from '../en-US/home';

/** La page d'accueil après connexion et son en-tête. */
const home: typeof en = {
  welcome: 'Bon retour',
  office: 'Organisation',
  noOffice: 'Aucune organisation',
  loginName: 'Identifiant',
  signedInAt: 'Connecté le',
  personalCenter: 'Espace personnel',
  signOut: 'Se déconnecter',
  signOutFailed: "La déconnexion n'a pas atteint le serveur ; vous êtes déconnecté sur cet appareil.",
  loadFailed: "Votre compte n'a pas pu être chargé.",
  retry: 'Réessayer',
  roles: 'Rôles',
  noRoles: 'Aucun rôle',
  menuEntries: 'Vos pages',
  noMenuEntries: 'Aucune page ne vous est encore accessible. Demandez des autorisations à un administrateur.',
  roleNames: {
    superAdmin: 'Super administrateur',
    operator: 'Opérateur',
    auditor: 'Auditeur',
    manager: 'Responsable',
  },
};
export default home;
