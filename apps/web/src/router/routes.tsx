/**
 * The console's route table. Pages are lazy chunks (router/page-modules.ts). Every MENU_PAGES
 * page with a path is a child of the signed-in shell.
 */
import { MENU_PAGES } from '@apm/contract';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import RootLayout from '../layouts/RootLayout';
import { RouteErrorPage } from '../pages/exception/RouteErrorPage';
import { requireSignedIn, rootRedirect } from './guards';
import { PageError } from './PageError';
import type { RouteHandle } from './handle';
import { lazyPage } from './lazy-page';
import { FULL_SCREEN_PAGE_MODULES, MENU_PAGE_MODULES } from './page-modules';

const handle = (titleKey: RouteHandle['titleKey']): RouteHandle => ({ titleKey });

/** One shell child per menu page with a path. */
const menuPageRoutes: RouteObject[] = MENU_PAGES.filter((menuPage) => menuPage.path).map((menuPage) => {
  const built = MENU_PAGE_MODULES[menuPage.key];
  if (!built) throw new Error(`Menu page ${menuPage.key} has no component`);
  return {
    path: menuPage.path,
    handle: { menuKey: menuPage.key } satisfies RouteHandle,
    lazy: lazyPage(built.load, built.namespaces),
    ErrorBoundary: PageError,
  };
});

/** Full-screen pages outside the shell (spec section 2) and their titles. */
const FULL_SCREEN_PAGES = [
  ['inframe', 'inframe'],
  ['PlanMake', 'planMakeFull'],
  ['publishSet', 'publishSet'],
  ['terminalSelection', 'terminalSelection'],
  ['programEditor', 'programEditor'],
] as const satisfies readonly (readonly [string, RouteHandle['titleKey']])[];

/** antd's layout (theme, locale, feedback) around the routes that use antd. */
const loadAntdRoot = () => import('../layouts/AntdRoot');

/** Routes inside antd's layout: the signed-in shell, full-screen pages, error pages. */
const ANTD_ROUTES: RouteObject[] = [
  {
    id: 'signedIn',
    loader: requireSignedIn,
    lazy: lazyPage(() => import('../layouts/ShellLayout')),
    // Each page's own boundary: its failure shows in the content area, the shell stays.
    children: [
      ...menuPageRoutes,
      {
        path: 'exception/403',
        ErrorBoundary: PageError,
        handle: handle('forbidden'),
        lazy: lazyPage(() => import('../pages/exception/ForbiddenPage')),
      },
      {
        path: 'exception/404',
        ErrorBoundary: PageError,
        handle: handle('notFound'),
        lazy: lazyPage(() => import('../pages/exception/NotFoundPage')),
      },
      {
        path: 'exception/500',
        ErrorBoundary: PageError,
        handle: handle('serverError'),
        lazy: lazyPage(() => import('../pages/exception/ServerErrorPage')),
      },
    ],
  },
  {
    id: 'fullScreen',
    loader: requireSignedIn,
    lazy: lazyPage(() => import('../layouts/FullScreenLayout')),
    children: FULL_SCREEN_PAGES.map(([path, titleKey]) => {
      const built = FULL_SCREEN_PAGE_MODULES[path];
      if (!built) throw new Error(`Full-screen page ${path} has no component`);
      return { path, handle: handle(titleKey), lazy: lazyPage(built.load, built.namespaces) };
    }),
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
];

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
          // Drawn without antd: its runtime loads after sign-in (or with the other signed-out pages).
          { path: 'login', handle: handle('login'), lazy: lazyPage(() => import('../pages/auth/LoginPage')) },
          {
            id: 'authAntd',
            lazy: lazyPage(loadAntdRoot),
            children: [
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
              {
                path: 'register',
                handle: handle('register'),
                lazy: lazyPage(() => import('../pages/registration/RegisterPage'), ['registration']),
              },
              {
                path: 'forgotPassword',
                handle: handle('forgotPassword'),
                lazy: lazyPage(() => import('../pages/registration/ForgotPasswordPage'), ['registration']),
              },
            ],
          },
        ],
      },
      {
        id: 'antd',
        lazy: lazyPage(loadAntdRoot),
        children: ANTD_ROUTES,
      },
    ],
  },
];
