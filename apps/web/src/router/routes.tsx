/**
 * The console's route table. Pages are lazy chunks; the later shell (side menu, tabs) will
 * replace `BasicLayout` under the `signedIn` route and add its children there.
 */
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import RootLayout from '../layouts/RootLayout';
import { RouteErrorPage } from '../pages/exception/RouteErrorPage';
import { requireSignedIn, rootRedirect } from './guards';
import type { RouteHandle } from './handle';
import { lazyPage } from './lazy-page';

const handle = (titleKey: RouteHandle['titleKey']): RouteHandle => ({ titleKey });

/** All routes of the console. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    children: [
      // The loader always redirects; the component only shows should that take a moment.
      { index: true, loader: rootRedirect, Component: PageLoading },
      {
        id: 'auth',
        lazy: lazyPage(() => import('../layouts/AuthLayout')),
        children: [
          { path: 'login', handle: handle('login'), lazy: lazyPage(() => import('../pages/auth/LoginPage')) },
          {
            path: 'sysInit',
            handle: handle('sysInit'),
            lazy: lazyPage(() => import('../pages/auth/SysInitPage')),
          },
          {
            path: 'logout',
            handle: handle('logout'),
            lazy: lazyPage(() => import('../pages/auth/LogoutPage')),
          },
        ],
      },
      {
        id: 'signedIn',
        loader: requireSignedIn,
        lazy: lazyPage(() => import('../layouts/BasicLayout')),
        children: [
          { path: 'home', handle: handle('home'), lazy: lazyPage(() => import('../pages/home/HomePage')) },
          {
            path: 'personalCenter',
            handle: handle('personalCenter'),
            lazy: lazyPage(() => import('../pages/account/PersonalCenterPage')),
          },
        ],
      },
      {
        path: '403',
        handle: handle('forbidden'),
        lazy: lazyPage(() => import('../pages/exception/ForbiddenPage')),
      },
      {
        path: '404',
        handle: handle('notFound'),
        lazy: lazyPage(() => import('../pages/exception/NotFoundPage')),
      },
      {
        path: '500',
        handle: handle('serverError'),
        lazy: lazyPage(() => import('../pages/exception/ServerErrorPage')),
      },
      {
        path: '*',
        handle: handle('notFound'),
        lazy: lazyPage(() => import('../pages/exception/NotFoundPage')),
      },
    ],
  },
];
