/** Role management (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestion des rôles',
  name: 'Nom du rôle',
  code: 'Code du rôle',
  codeHint: 'Lettres, chiffres, _ . - ; généré s’il est laissé vide',
  codeRule: 'Le code doit commencer par une lettre et compter 2 à 50 lettres, chiffres ou _ . -',
  office: 'Propriétaire',
  platform: 'Toute la plateforme',
  system: 'Rôle système',
  userCount: 'Membres',
  permissions: 'Autorisations',
  permissionsHint:
    'Vous ne pouvez accorder que les autorisations que vous détenez ; les autres sont grisées.',
  create: 'Nouveau rôle',
  editTitle: 'Modifier le rôle « {{name}} »',
  createTitle: 'Nouveau rôle',
  members: 'Membres',
  membersTitle: 'Membres de « {{name}} »',
  addUsers: 'Ajouter des utilisateurs',
  addUsersPlaceholder: 'Rechercher des utilisateurs par nom ou identifiant',
  remove: 'Retirer',
  confirmRemove: 'Retirer {{name}} de ce rôle ?',
  loginName: 'Identifiant',
  userName: 'Nom',
  saved: 'Le rôle a été enregistré',
  deleted: 'Le rôle a été supprimé',
  usersAdded: '{{count}} utilisateur(s) ajouté(s)',
  usersRemoved: '{{count}} utilisateur(s) retiré(s)',
  readOnly: 'Vous ne pouvez pas modifier ce rôle',
  errors: {
    grantNotHeld: 'Vous ne pouvez pas accorder « {{name}} » : vous ne la détenez pas',
    roleInUse: 'Le rôle est encore attribué à {{count}} utilisateur(s) ; retirez-les d’abord',
    systemRole: 'Les rôles système ne peuvent pas être supprimés',
    roleNotEditable: 'Vous ne pouvez pas modifier ce rôle',
    roleNotAssignable: 'Vous ne pouvez pas attribuer ce rôle à cet utilisateur',
    codeTaken: 'Ce code est déjà utilisé',
    notFound: 'Le rôle ou l’utilisateur n’existe plus',
    userOutranksCaller:
      'Vous ne pouvez pas gérer un utilisateur qui détient des autorisations que vous n’avez pas',
  },
};
export default messages;
