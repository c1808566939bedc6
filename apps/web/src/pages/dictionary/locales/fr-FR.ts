/** Dictionary management (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestion du dictionnaire',
  types: 'Types de dictionnaire',
  allTypes: 'Tous les types',
  type: 'Type',
  value: 'Valeur',
  label: 'Libellé',
  labelFor: 'Libellé ({{language}})',
  description: 'Description',
  keywordHint: 'Type, valeur ou libellé',
  typeRule: 'Le type commence par une lettre et compte au plus 64 lettres, chiffres ou _ . -',
  valueRule: 'La valeur compte de 1 à 64 lettres, chiffres ou _ . : -',
  create: 'Nouvelle entrée',
  createTitle: 'Nouvelle entrée du dictionnaire',
  editTitle: 'Modifier « {{name}} »',
  saved: 'L’entrée a été enregistrée',
  deleted: 'Supprimé',
  errors: {
    platformOnly: 'Seuls les utilisateurs de la plateforme peuvent modifier les données communes',
    duplicateValue: 'Cette valeur existe déjà dans ce type',
    notFound: 'L’entrée n’existe plus',
  },
};
export default messages;
