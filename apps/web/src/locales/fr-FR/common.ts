import type en from '../en-US/common';

/** Mots partagés : boutons, états génériques, préfixe du titre. */
const common: typeof en = {
  admin: 'Administration',
  language: 'Langue',
  backHome: "Retour à l'accueil",
  backToLogin: 'Retour à la connexion',
  submit: 'Envoyer',
  cancel: 'Annuler',
  ok: 'OK',
  close: 'Fermer',
  loading: 'Chargement…',
  reload: 'Recharger',
  success: 'Opération réussie',
  optional: 'Facultatif',
};
export default common;
