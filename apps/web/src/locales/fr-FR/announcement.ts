import type en from '../en-US/announcement';

/** The announcement popup after sign-in. (fr-FR) */
const announcement: typeof en = {
  title: 'Annonce',
  noMore: 'Ne plus me le rappeler',
  close: 'Fermer',
  fetchFailed: 'Erreur lors de la récupération de l’annonce !',
};
export default announcement;
