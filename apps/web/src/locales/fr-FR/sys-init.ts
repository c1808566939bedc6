import type en from '../en-US/sys-init';

/** La page d'initialisation du système. */
const sysInit: typeof en = {
  title: 'Initialisation du système',
  intro: 'Créez la première organisation et son compte administrateur.',
  officeName: "Nom de l'organisation",
  officeNameRequired: "Veuillez saisir le nom de l'organisation",
  officeNameMax: "Le nom de l'organisation doit comporter au plus 100 caractères",
  username: "Identifiant de l'administrateur",
  usernameRequired: "Veuillez saisir l'identifiant de l'administrateur",
  usernamePattern:
    "L'identifiant de l'administrateur doit comporter 2 à 50 lettres, chiffres ou caractères _ . - @",
  name: "Nom d'affichage",
  nameMax: "Le nom d'affichage doit comporter au plus 100 caractères",
  password: 'Mot de passe',
  passwordRequired: 'Veuillez saisir le mot de passe',
  passwordRule:
    'Le mot de passe doit comporter 8 à 64 caractères dont une minuscule, une majuscule, un chiffre et un symbole',
  confirm: 'Confirmation du mot de passe',
  confirmRequired: 'Veuillez confirmer le mot de passe',
  confirmMismatch: 'La confirmation ne correspond pas au mot de passe',
  submit: 'Initialiser',
  success: 'Le système a été initialisé. Veuillez vous connecter.',
  defaultLanguage: 'Langue par défaut',
  defaultLanguageHelp:
    "La langue dans laquelle la console s'ouvre pour les nouveaux visiteurs ; chaque utilisateur peut toujours en changer.",
  setupToken:
    "Ouvrez cette page avec l'adresse affichée par le serveur au démarrage (…/sysInit?token=…) : le jeton d'installation est absent ou incorrect.",
  alreadyInitialised: 'Le système a déjà été initialisé.',
  failed: "L'initialisation a échoué. Vérifiez le formulaire et réessayez.",
};
export default sysInit;
