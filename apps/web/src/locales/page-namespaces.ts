/**
 * The page namespaces and their message types (from each feature's English file), so that
 * `useTranslation('<ns>')` keys are type-checked. Add a line here with each new feature.
 */
import type account from '../pages/account/locales/en-US';
import type alarms from '../pages/alarms/locales/en-US';
import type announcements from '../pages/announcements/locales/en-US';
import type customers from '../pages/customers/locales/en-US';
import type dictionary from '../pages/dictionary/locales/en-US';
import type editorPanels from '../pages/program-editor/panels/locales/en-US';
import type faq from '../pages/faq/locales/en-US';
import type logs from '../pages/logs/locales/en-US';
import type materialReview from '../pages/material-review/locales/en-US';
import type materials from '../pages/materials/locales/en-US';
import type materialUpload from '../pages/materials/upload/locales/en-US';
import type menus from '../pages/menus/locales/en-US';
import type messageNotification from '../pages/message-notification/locales/en-US';
import type messageReview from '../pages/message-review/locales/en-US';
import type messages from '../pages/messages/locales/en-US';
import type messageWebhook from '../pages/messages/webhook/locales/en-US';
import type offices from '../pages/offices/locales/en-US';
import type planMake from '../pages/plan-make/locales/en-US';
import type planReview from '../pages/plan-review/locales/en-US';
import type plans from '../pages/plans/locales/en-US';
import type planTimeline from '../pages/plans/timeline/locales/en-US';
import type programEditor from '../pages/program-editor/locales/en-US';
import type programReview from '../pages/program-review/locales/en-US';
import type programs from '../pages/programs/locales/en-US';
import type publish from '../pages/publish/locales/en-US';
import type registration from '../pages/registration/locales/en-US';
import type reviewHistory from '../pages/review-history/locales/en-US';
import type roles from '../pages/roles/locales/en-US';
import type strategies from '../pages/strategies/locales/en-US';
import type systemSettings from '../pages/system-settings/locales/en-US';
import type terminalDebug from '../pages/terminal-debug/locales/en-US';
import type terminalInfo from '../pages/terminal-info/locales/en-US';
import type terminalMap from '../pages/terminal-map/locales/en-US';
import type terminalSettings from '../pages/terminal-settings/locales/en-US';
import type terminalSync from '../pages/terminal-sync/locales/en-US';
import type widgets from '../pages/widgets/locales/en-US';
import type purchase from '../pages/purchase/locales/en-US';
import type payment from '../pages/payment/locales/en-US';
import type customerCenter from '../pages/customer-center/locales/en-US';
import type statistics from '../pages/statistics/locales/en-US';
import type terminalMonitor from '../pages/terminal-monitor/locales/en-US';
import type users from '../pages/users/locales/en-US';

/** Message type of each page namespace. */
export interface PageMessageTypes {
  account: typeof account;
  alarms: typeof alarms;
  announcements: typeof announcements;
  customers: typeof customers;
  dictionary: typeof dictionary;
  editorPanels: typeof editorPanels;
  faq: typeof faq;
  logs: typeof logs;
  materialReview: typeof materialReview;
  materials: typeof materials;
  materialUpload: typeof materialUpload;
  menus: typeof menus;
  messageNotification: typeof messageNotification;
  messageReview: typeof messageReview;
  messages: typeof messages;
  messageWebhook: typeof messageWebhook;
  offices: typeof offices;
  planMake: typeof planMake;
  planReview: typeof planReview;
  plans: typeof plans;
  planTimeline: typeof planTimeline;
  programEditor: typeof programEditor;
  programReview: typeof programReview;
  programs: typeof programs;
  publish: typeof publish;
  registration: typeof registration;
  reviewHistory: typeof reviewHistory;
  roles: typeof roles;
  strategies: typeof strategies;
  systemSettings: typeof systemSettings;
  terminalDebug: typeof terminalDebug;
  terminalInfo: typeof terminalInfo;
  terminalMap: typeof terminalMap;
  terminalMonitor: typeof terminalMonitor;
  terminalSettings: typeof terminalSettings;
  terminalSync: typeof terminalSync;
  widgets: typeof widgets;
  purchase: typeof purchase;
  payment: typeof payment;
  customerCenter: typeof customerCenter;
  statistics: typeof statistics;
  users: typeof users;
}

/** Name of a page namespace. */
export type PageNamespace = keyof PageMessageTypes;
