/** Shared words: buttons, generic states, the title prefix. */
export default {
  admin: 'Admin',
  language: 'Language',
  backHome: 'Back to home',
  backToLogin: 'Back to sign-in',
  submit: 'Submit',
  cancel: 'Cancel',
  ok: 'OK',
  close: 'Close',
  loading: 'Loading…',
  reload: 'Reload',
  success: 'Successful operation',
  optional: 'Optional',
};
