import type en from '../en-US/account';

/** L'espace personnel et le formulaire de mot de passe expiré. */
const account: typeof en = {
  profile: 'Mon compte',
  name: 'Nom',
  loginName: 'Identifiant',
  office: 'Organisation',
  pwdExpiredTitle: 'Votre mot de passe a expiré',
  pwdExpiredDesc: 'Pour la sécurité de votre compte, définissez un nouveau mot de passe avant de continuer.',
  oldPassword: 'Mot de passe actuel',
  oldPasswordRequired: 'Veuillez saisir votre mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  newPasswordRequired: 'Veuillez saisir un nouveau mot de passe',
  newPasswordRule:
    'Le nouveau mot de passe doit comporter 8 à 64 caractères dont une minuscule, une majuscule, un chiffre et un symbole',
  newPasswordSame: "Le nouveau mot de passe doit être différent de l'actuel",
  confirmPassword: 'Confirmation du nouveau mot de passe',
  confirmRequired: 'Veuillez confirmer le nouveau mot de passe',
  confirmMismatch: 'La confirmation ne correspond pas au nouveau mot de passe',
  submit: 'Changer le mot de passe',
  success: 'Votre mot de passe a été changé.',
  wrongOld: 'Le mot de passe actuel est incorrect.',
  failed: "Le mot de passe n'a pas pu être changé. Veuillez réessayer.",
  email: 'E-mail',
  phone: 'Téléphone',
  roles: 'Rôles',
  changePassword: 'Changer le mot de passe',
};
export default account;
