/** Creates the browser router. */
import { createBrowserRouter } from 'react-router';
import { startSessionCheck } from './guards';
import { routes } from './routes';

/**
 * The application's data router (history API, lazy route modules). The session check of a page that
 * needs one starts first, ahead of the route chunks the router requests.
 */
export function createAppRouter() {
  startSessionCheck(routes, window.location.pathname);
  return createBrowserRouter(routes);
}

/** Type of the router {@link createAppRouter} answers. */
export type AppRouter = ReturnType<typeof createAppRouter>;
