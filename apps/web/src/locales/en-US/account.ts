/** The personal center and the expired-password form. */
export default {
  profile: 'My account',
  name: 'Name',
  loginName: 'Login name',
  office: 'Organisation',
  pwdExpiredTitle: 'Your password has expired',
  pwdExpiredDesc: "For your account's security, set a new password before you continue.",
  oldPassword: 'Current password',
  oldPasswordRequired: 'Please enter your current password',
  newPassword: 'New password',
  newPasswordRequired: 'Please enter a new password',
  newPasswordRule:
    'New password must be 8–64 characters long and contain a lower-case letter, an upper-case letter, a digit and a symbol',
  newPasswordSame: 'New password must differ from the current password',
  confirmPassword: 'Confirm new password',
  confirmRequired: 'Please confirm the new password',
  confirmMismatch: 'Confirm new password does not match the new password',
  submit: 'Change password',
  success: 'Your password has been changed.',
  wrongOld: 'The current password is incorrect.',
  failed: 'The password could not be changed. Please try again.',
};
