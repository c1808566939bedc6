/** Announcement management (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestion des annonces',
  intro:
    'L’annonce s’affiche pour chaque utilisateur après la connexion tant qu’elle est activée et dans sa période.',
  saved: 'Annonce enregistrée',
  fields: {
    titleCh: 'Titre (chinois)',
    titleEn: 'Titre (anglais)',
    contentCh: 'Contenu (chinois)',
    contentEn: 'Contenu (anglais)',
    period: 'Période',
    start: 'Début',
    end: 'Fin (vide : sans fin)',
    colseTipOn: 'Afficher la fenêtre',
  },
  endAfterStart: 'La fin de la période doit suivre son début',
  titleNeeded: 'Saisissez un titre en chinois ou en anglais pour afficher la fenêtre',
  contentNeeded: 'Saisissez un contenu en chinois ou en anglais pour afficher la fenêtre',
  preview: 'Aperçu',
  previewChinese: 'Chinois',
  previewEnglish: 'Anglais',
  previewEmpty: 'Rien à prévisualiser',
  status: {
    active: 'Affichée',
    scheduled: 'Programmée',
    ended: 'Période terminée',
    off: 'Fenêtre désactivée',
  },
};

export default messages;
