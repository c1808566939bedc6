import type en from '../en-US/login';

/** La page de connexion. */
const login: typeof en = {
  title: 'Connexion',
  username: "Nom d'utilisateur",
  usernameRequired: "Veuillez saisir votre nom d'utilisateur",
  password: 'Mot de passe',
  passwordRequired: 'Veuillez saisir votre mot de passe',
  captcha: 'Code image',
  captchaPlaceholder: "Caractères de l'image",
  captchaRequired: "Veuillez saisir les caractères affichés dans l'image",
  captchaRefresh: 'Cliquez pour une nouvelle image',
  verificationCode: 'Code de vérification',
  verificationRequired: 'Veuillez saisir le code de vérification',
  sendBy: 'Recevoir le code par',
  wayEmail: 'E-mail',
  waySms: 'SMS',
  sendCode: 'Envoyer le code',
  resendIn: 'Renvoyer dans {{seconds}} s',
  codeSent: 'Le code de vérification a été envoyé.',
  sendFailed: "Le code de vérification n'a pas pu être envoyé. Veuillez réessayer plus tard.",
  submit: 'Se connecter',
  register: 'Créer un compte',
  forgot: 'Mot de passe oublié ?',
  errors: {
    badCredentials: "Nom d'utilisateur ou mot de passe incorrect.",
    captchaRequired: "Veuillez saisir les caractères affichés dans l'image.",
    captchaWrong: 'Le code image est incorrect. Veuillez réessayer.',
    verificationRequired: 'Veuillez saisir le code de vérification.',
    verificationWrong: 'Le code de vérification est incorrect ou a expiré.',
    accountDisabled: 'Ce compte a été désactivé. Veuillez contacter votre administrateur.',
    rateLimited: 'Trop de tentatives. Patientez un instant puis réessayez.',
    decryptFailed: 'La clé de connexion a changé. Veuillez réessayer.',
    network: 'Le serveur est injoignable. Vérifiez votre connexion.',
    unknown: 'La connexion a échoué. Veuillez réessayer plus tard.',
  },
};
export default login;
