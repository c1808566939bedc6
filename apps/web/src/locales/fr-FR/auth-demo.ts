import type en from '../en-US/auth-demo';

/** The authority demo page. (fr-FR) */
const authDemo: typeof en = {
  disabledTitle: 'Commandes soumises à autorisation',
  disabledDesc:
    'Une commande est désactivée, avec une info-bulle, quand il vous manque l’autorisation requise.',
  guardedTitle: 'Actions protégées',
  guardedDesc:
    'Une action pour laquelle vous n’avez pas l’autorisation est refusée avec un message qui la nomme.',
};
export default authDemo;
