/** Menu management (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestion des menus',
  addTop: 'Ajouter une entrée principale',
  addChild: 'Ajouter une sous-entrée',
  moveUp: 'Monter',
  moveDown: 'Descendre',
  createTitle: 'Nouvelle entrée de menu',
  editTitle: 'Modifier l’entrée de menu « {{name}} »',
  saved: 'Menu enregistré',
  deleted: 'Entrée de menu supprimée',
  moved: 'Ordre modifié',
  hasChildren: 'Supprimez d’abord les entrées sous « {{name}} ».',
  hidden: 'Masquée',
  visibleYes: 'Affichée',
  openToAll: 'Tout le monde (*)',
  columns: {
    name: 'Nom',
    key: 'Clé',
    path: 'Chemin',
    icon: 'Icône',
    permission: 'Permission',
    visible: 'Visible',
  },
  form: {
    key: 'Clé',
    keyHelp: 'Une lettre, puis lettres, chiffres ou _. Elle ne peut plus être changée ensuite.',
    keyPattern: 'La clé doit commencer par une lettre et ne contenir que lettres, chiffres ou _',
    parent: 'Entrée parente',
    parentNone: 'Niveau principal',
    path: 'Chemin',
    pathHelp: 'Chemin de la page dans la console, p. ex. sys/reports. Vide pour un groupe.',
    pathPattern: 'Le chemin ne peut contenir que lettres, chiffres, -, _, . et /',
    names: 'Noms',
    name: 'Nom ({{language}})',
    icon: 'Icône',
    iconNone: 'Aucune icône',
    permission: 'Permission',
    sort: 'Ordre',
    visible: 'Visible dans le menu',
    roles: 'Rôles',
    rolesHelp: 'Codes des rôles qui peuvent aussi ouvrir la page',
  },
};

export default messages;
