/** Creates the browser router. */
import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The application's data router (history API, lazy route modules). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Type of the router {@link createAppRouter} answers. */
export type AppRouter = ReturnType<typeof createAppRouter>;
