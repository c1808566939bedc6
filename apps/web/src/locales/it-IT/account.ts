import type en from '../en-US/account';

/** L'area personale e il modulo per la password scaduta. */
const account: typeof en = {
  profile: 'Il mio account',
  name: 'Nome',
  loginName: 'Nome di accesso',
  office: 'Organizzazione',
  pwdExpiredTitle: 'La tua password è scaduta',
  pwdExpiredDesc: 'Per la sicurezza del tuo account, imposta una nuova password prima di continuare.',
  oldPassword: 'Password attuale',
  oldPasswordRequired: 'Inserisci la password attuale',
  newPassword: 'Nuova password',
  newPasswordRequired: 'Inserisci una nuova password',
  newPasswordRule:
    'La nuova password deve avere 8–64 caratteri e contenere una lettera minuscola, una maiuscola, una cifra e un simbolo',
  newPasswordSame: 'La nuova password deve essere diversa da quella attuale',
  confirmPassword: 'Conferma nuova password',
  confirmRequired: 'Conferma la nuova password',
  confirmMismatch: 'La conferma non coincide con la nuova password',
  submit: 'Cambia password',
  success: 'La password è stata cambiata.',
  wrongOld: 'La password attuale non è corretta.',
  failed: 'Impossibile cambiare la password. Riprova.',
  email: 'E-mail',
  phone: 'Telefono',
  roles: 'Ruoli',
  changePassword: 'Cambia password',
};
export default account;
