/** The signed-in home page and its header. */
export default {
  welcome: 'Welcome back',
  office: 'Organisation',
  noOffice: 'No organisation',
  loginName: 'Login name',
  signedInAt: 'Signed in',
  personalCenter: 'Personal center',
  signOut: 'Sign out',
  signOutFailed: 'Sign-out did not reach the server; you have been signed out on this device.',
  loadFailed: 'Your account could not be loaded.',
  retry: 'Try again',
  roles: 'Roles',
  noRoles: 'No roles',
  menuEntries: 'Your pages',
  noMenuEntries: 'No pages are available to you yet. Ask an administrator for permissions.',
  roleNames: {
    superAdmin: 'Super administrator',
    operator: 'Operator',
    auditor: 'Auditor',
    manager: 'Manager',
  },
};
