/** Announcement management (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestion des annonces',
  intro:
    'L’annonce s’affiche pour chaque utilisateur après la connexion tant qu’elle est activée et dans sa période.',
  saved: 'Annonce enregistrée',
  fields: {
    texts: 'Titre et contenu',
    titleIn: 'Titre ({{language}})',
    contentIn: 'Contenu ({{language}})',
    period: 'Période',
    start: 'Début',
    end: 'Fin (vide : sans fin)',
    colseTipOn: 'Afficher la fenêtre',
  },
  endAfterStart: 'La fin de la période doit suivre son début',
  titleNeeded: 'Saisissez un titre dans cette langue pour afficher la fenêtre, ou retirez la langue',
  contentNeeded: 'Saisissez un contenu dans cette langue pour afficher la fenêtre, ou retirez la langue',
  addLanguage: 'Ajouter une langue',
  removeLanguage: 'Retirer la langue',
  preview: 'Aperçu',
  previewLanguage: 'Langue de l’aperçu',
  previewEmpty: 'Rien à prévisualiser',
  status: {
    active: 'Affichée',
    scheduled: 'Programmée',
    ended: 'Période terminée',
    off: 'Fenêtre désactivée',
  },
};

export default messages;
