/** Common problem management (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestion des questions fréquentes',
  language: 'Langue',
  question: 'Question',
  answer: 'Réponse',
  published: 'Publiée',
  keywordHint: 'Partie de la question ou de la réponse',
  create: 'Nouvelle question fréquente',
  createTitle: 'Nouvelle question fréquente',
  editTitle: 'Modifier la question fréquente',
  saved: 'La question fréquente a été enregistrée',
  deleted: 'Supprimé',
  publishedNow: 'Publiée',
  withdrawn: 'Retirée',
  errors: {
    platformOnly: 'Seuls les utilisateurs de la plateforme peuvent modifier les données communes',
    notFound: 'L’entrée n’existe plus',
  },
};
export default messages;
