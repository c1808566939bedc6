/** Page names, used in the document title `Admin | <page name>`. */
export default {
  login: 'Sign in',
  sysInit: 'System initialisation',
  register: 'Register',
  forgotPassword: 'Forgot password',
  home: 'Home',
  personalCenter: 'Personal center',
  forbidden: 'Access denied',
  notFound: 'Page not found',
  serverError: 'Server error',
  logout: 'Login invalid',
  inframe: 'Embedded page',
  planMakeFull: 'Plan production',
  publishSet: 'Publish settings',
  terminalSelection: 'Terminal selection',
  programEditor: 'Program editor',
};
