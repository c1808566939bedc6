import type en from '../en-US/request';

/** Erreurs génériques des requêtes. */
const request: typeof en = {
  noPermission: 'Connexion/Aucune autorisation',
  denied: 'Requête refusée',
  timeout: 'La requête a expiré. Veuillez réessayer.',
  network: 'Erreur réseau : {{message}}',
  failed: 'Échec de la requête ({{status}})',
};
export default request;
