/**
 * The component (a lazy chunk) and message namespaces of every console page: menu pages by their
 * MENU_PAGES key, full-screen pages by their path. A unit test checks that none is missing.
 */
import type { ComponentType } from 'react';
import type { PageNamespace } from '../locales/page-messages';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** A page's component and the message namespaces it needs. */
export interface PageModule {
  load: PageLoader;
  namespaces: readonly PageNamespace[];
}

const page = (load: PageLoader, ...namespaces: PageNamespace[]): PageModule => ({ load, namespaces });

/** The component of every MENU_PAGES page with a path, by its key. */
export const MENU_PAGE_MODULES: Record<string, PageModule> = {
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

/** The component of every full-screen page outside the shell, by its path. */
export const FULL_SCREEN_PAGE_MODULES: Record<string, PageModule> = {
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
