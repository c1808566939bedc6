/** The system-initialisation page. */
export default {
  title: 'System initialisation',
  intro: 'Create the first organisation and its administrator account.',
  officeName: 'Organisation name',
  officeNameRequired: 'Please enter the organisation name',
  officeNameMax: 'Organisation name must be at most 100 characters',
  username: 'Administrator login name',
  usernameRequired: 'Please enter the administrator login name',
  usernamePattern: 'Administrator login name must be 2–50 letters, digits or the characters _ . - @',
  name: 'Display name',
  nameMax: 'Display name must be at most 100 characters',
  password: 'Password',
  passwordRequired: 'Please enter the password',
  passwordRule:
    'Password must be 8–64 characters long and contain a lower-case letter, an upper-case letter, a digit and a symbol',
  confirm: 'Confirm password',
  confirmRequired: 'Please confirm the password',
  confirmMismatch: 'Confirm password does not match the password',
  submit: 'Initialise',
  success: 'The system has been initialised. Please sign in.',
  defaultLanguage: 'Default language',
  defaultLanguageHelp: 'The language the console opens in for new visitors; each user can still switch.',
  setupToken:
    'This page must be opened with the address the server printed when it started (…/sysInit?token=…): the setup token is missing or wrong.',
  alreadyInitialised: 'The system has already been initialised.',
  failed: 'Initialisation failed. Please check the form and try again.',
};
