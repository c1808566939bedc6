/** Error pages. */
export default {
  forbidden: 'Sorry, you are not allowed to visit this page.',
  notFound: 'Sorry, the page you visited does not exist.',
  serverError: 'Sorry, something went wrong on the server.',
  loginInvalid: 'Login invalid, please log in again',
  loginInvalidDesc: 'Your session has expired or was ended.',
  appError: 'Something went wrong',
  chunkError: 'Part of the application could not be loaded. Check your connection and reload the page.',
};
