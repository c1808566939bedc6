/**
 * The console's route table. Pages are lazy chunks. Every MENU_PAGES page with a path is a
 * child of the signed-in shell: the pages built so far load their own component, the others a
 * placeholder saying what the page is for and which later work fills it.
 */
import { MENU_PAGES } from '@apm/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import RootLayout from '../layouts/RootLayout';
import { RouteErrorPage } from '../pages/exception/RouteErrorPage';
import { requireSignedIn, rootRedirect } from './guards';
import { PageError } from './PageError';
import type { RouteHandle } from './handle';
import { lazyPage } from './lazy-page';
import type { PageNamespace } from '../locales/page-messages';

const handle = (titleKey: RouteHandle['titleKey']): RouteHandle => ({ titleKey });

type PageLoader = () => Promise<{ default: ComponentType }>;

/** A page's component and the message namespaces it needs. */
interface PageModule {
  load: PageLoader;
  namespaces: readonly PageNamespace[];
}

const page = (load: PageLoader, ...namespaces: PageNamespace[]): PageModule => ({ load, namespaces });

/** Menu pages (by MENU_PAGES key) that have their real component; the rest show the placeholder. */
const BUILT_PAGES: Record<string, PageModule> = {
  office: page(() => import('../pages/offices/OfficesPage'), 'offices'),
  agentActivation: page(() => import('../pages/offices/AgentActivationPage'), 'offices'),
  customization: page(() => import('../pages/customers/CustomizationPage'), 'customers', 'offices'),
  domainName: page(() => import('../pages/customers/DomainNamePage'), 'customers', 'offices'),
  personalized: page(() => import('../pages/customers/PersonalizedPage'), 'customers', 'offices'),
  home: page(() => import('../pages/home/HomePage')),
  apm: page(() => import('../pages/home/ApmEntryPage')),
  personalCenter: page(() => import('../pages/account/PersonalCenterPage'), 'account'),
  authDemo: page(() => import('../pages/auth-demo/AuthDemoPage')),
  menuManage: page(() => import('../pages/menus/MenuManagePage'), 'menus'),
  sysSetting: page(() => import('../pages/system-settings/SystemSettingsPage'), 'systemSettings'),
  announcement: page(() => import('../pages/announcements/AnnouncementManagerPage'), 'announcements'),
  log: page(() => import('../pages/logs/LogsPage'), 'logs'),
  alarm: page(() => import('../pages/alarms/AlarmsPage'), 'alarms'),
  strategy: page(() => import('../pages/strategies/StrategiesPage'), 'strategies'),
  terminalSync: page(() => import('../pages/terminal-sync/TerminalSyncPage'), 'terminalSync'),
  widget: page(() => import('../pages/widgets/WidgetsPage'), 'widgets', 'editorPanels'),
  purchase: page(() => import('../pages/purchase/PurchasePage'), 'purchase', 'payment'),
  payment: page(() => import('../pages/payment/PaymentPage'), 'payment'),
  customerCenter: page(
    () => import('../pages/customer-center/CustomerCenterPage'),
    'customerCenter',
    'payment',
  ),
  dataStatistics: page(() => import('../pages/statistics/DataStatisticsPage'), 'statistics'),
  behaviorStatistics: page(() => import('../pages/statistics/BehaviorStatisticsPage'), 'statistics'),
  role: page(() => import('../pages/roles/RolesPage'), 'roles'),
  dictionary: page(() => import('../pages/dictionary/DictionaryPage'), 'dictionary'),
  faq: page(() => import('../pages/faq/FaqPage'), 'faq'),
  messageNotification: page(
    () => import('../pages/message-notification/MessageNotificationPage'),
    'messageNotification',
  ),
  user: page(() => import('../pages/users/UsersPage'), 'users'),
  material: page(() => import('../pages/materials/MaterialsPage'), 'materials', 'materialUpload'),
  terminalMonitor: page(
    () => import('../pages/terminal-monitor/TerminalMonitorPage'),
    'terminalMonitor',
    'planTimeline',
    'messages',
  ),
  terminalInfo: page(
    () => import('../pages/terminal-info/TerminalInfoPage'),
    'terminalInfo',
    'terminalMonitor',
    'planTimeline',
    'messages',
  ),
  terminalSettings: page(
    () => import('../pages/terminal-settings/TerminalSettingsPage'),
    'terminalSettings',
    'terminalMonitor',
  ),
  terminalMap: page(
    () => import('../pages/terminal-map/TerminalMapPage'),
    'terminalMap',
    'terminalMonitor',
    'planTimeline',
    'messages',
  ),
  terminalDebug: page(
    () => import('../pages/terminal-debug/TerminalDebugPage'),
    'terminalDebug',
    'terminalMonitor',
  ),
  programMake: page(() => import('../pages/programs/ProgramsPage'), 'programs'),
  programReview: page(
    () => import('../pages/program-review/ProgramReviewPage'),
    'programReview',
    'reviewHistory',
  ),
  materialReview: page(
    () => import('../pages/material-review/MaterialReviewPage'),
    'materialReview',
    'materials',
    'reviewHistory',
  ),
  playPlan: page(() => import('../pages/plans/PlansPage'), 'plans', 'planTimeline'),
  planMake: page(() => import('../pages/plan-make/PlanMakePage'), 'planMake', 'planTimeline'),
  messageForm: page(
    () => import('../pages/messages/MessageFormPage'),
    'messages',
    'planMake',
    'editorPanels',
  ),
  messageList: page(() => import('../pages/messages/MessagesPage'), 'messages', 'messageWebhook'),
  messageReview: page(
    () => import('../pages/message-review/MessageReviewPage'),
    'messageReview',
    'messages',
    'reviewHistory',
  ),
  planReview: page(
    () => import('../pages/plan-review/PlanReviewPage'),
    'planReview',
    'plans',
    'planTimeline',
    'reviewHistory',
  ),
};

const placeholder = page(() => import('../pages/placeholder/PlaceholderPage'));
const fullScreenPlaceholder = page(() => import('../pages/placeholder/FullScreenPlaceholder'));

/** Full-screen pages (by path) that have their real component; the rest show the placeholder. */
const BUILT_FULL_SCREEN_PAGES: Record<string, PageModule> = {
  inframe: page(() => import('../pages/program-editor/InframePage'), 'programEditor'),
  programEditor: page(
    () => import('../pages/program-editor/ProgramEditorPage'),
    'programEditor',
    'editorPanels',
    'programs',
  ),
  PlanMake: page(() => import('../pages/plan-make/PlanMakePage'), 'planMake', 'planTimeline'),
  publishSet: page(() => import('../pages/publish/PublishSetPage'), 'publish', 'programs', 'plans'),
  terminalSelection: page(
    () => import('../pages/publish/TerminalSelectionPage'),
    'publish',
    'programs',
    'plans',
  ),
};

/** One shell child per menu page with a path. */
const menuPageRoutes: RouteObject[] = MENU_PAGES.filter((menuPage) => menuPage.path).map((menuPage) => {
  const built = BUILT_PAGES[menuPage.key] ?? placeholder;
  return {
    path: menuPage.path,
    handle: { menuKey: menuPage.key } satisfies RouteHandle,
    lazy: lazyPage(built.load, built.namespaces),
    ErrorBoundary: PageError,
  };
});

/** Full-screen pages outside the shell (spec section 2), filled by later work. */
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
      const built = BUILT_FULL_SCREEN_PAGES[path] ?? fullScreenPlaceholder;
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
