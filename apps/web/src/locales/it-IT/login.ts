import type en from '../en-US/login';

/** La pagina di accesso. */
const login: typeof en = {
  title: 'Accedi',
  username: 'Nome utente',
  usernameRequired: 'Inserisci il nome utente',
  password: 'Password',
  passwordRequired: 'Inserisci la password',
  captcha: 'Codice immagine',
  captchaPlaceholder: "Caratteri dell'immagine",
  captchaRequired: "Inserisci i caratteri mostrati nell'immagine",
  captchaRefresh: "Fai clic per un'altra immagine",
  verificationCode: 'Codice di verifica',
  verificationRequired: 'Inserisci il codice di verifica',
  sendBy: 'Invia il codice tramite',
  wayEmail: 'E-mail',
  waySms: 'SMS',
  sendCode: 'Invia codice',
  resendIn: 'Invia di nuovo tra {{seconds}} s',
  codeSent: 'Il codice di verifica è stato inviato.',
  sendFailed: 'Impossibile inviare il codice di verifica. Riprova più tardi.',
  submit: 'Accedi',
  register: 'Crea un account',
  forgot: 'Password dimenticata?',
  errors: {
    badCredentials: 'Nome utente o password errati.',
    captchaRequired: "Inserisci i caratteri mostrati nell'immagine.",
    captchaWrong: 'Il codice immagine non è corretto. Riprova.',
    verificationRequired: 'Inserisci il codice di verifica.',
    verificationWrong: 'Il codice di verifica non è corretto o è scaduto.',
    accountDisabled: "Questo account è stato disattivato. Contatta l'amministratore.",
    rateLimited: 'Troppi tentativi. Attendi un momento e riprova.',
    decryptFailed: 'La chiave di accesso è cambiata. Riprova.',
    network: 'Impossibile raggiungere il server. Controlla la connessione.',
    unknown: 'Accesso non riuscito. Riprova più tardi.',
  },
};
export default login;
