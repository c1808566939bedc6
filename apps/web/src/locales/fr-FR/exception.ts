import type en from '../en-US/exception';

/** Pages d'erreur. */
const exception: typeof en = {
  forbidden: "Désolé, vous n'êtes pas autorisé à consulter cette page.",
  notFound: "Désolé, la page demandée n'existe pas.",
  serverError: 'Désolé, une erreur est survenue sur le serveur.',
  loginInvalid: 'Connexion expirée, veuillez vous reconnecter',
  loginInvalidDesc: 'Votre session a expiré ou a été fermée.',
  appError: 'Une erreur est survenue',
  chunkError:
    "Une partie de l'application n'a pas pu être chargée. Vérifiez votre connexion et rechargez la page.",
};
export default exception;
