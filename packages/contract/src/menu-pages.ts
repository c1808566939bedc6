/**
 * The console's menu pages (spec section 2): what the server seeds into the menus table
 * and what the console's static routes are built from. `permission` is the permission
 * string needed to see the page; `'*'` means open to every signed-in user.
 */
export interface MenuPage {
  /** Stable key, also the i18n key `menu.<key>`. */
  key: string;
  /** Route path under the shell, without a leading slash; groups have none. */
  path?: string;
  /** Key of the parent group. */
  parent?: string;
  /** Permission string, or `*` for open. */
  permission: string;
  /** Role codes that also grant access (either check passes). */
  roles?: string[];
  /** antd icon name. */
  icon?: string;
  /** Hidden from the menu but still routable. */
  hidden?: boolean;
  /** English name for logs and seeds. */
  name: string;
}

/** Menu pages in menu order: groups first, then their children. */
export const MENU_PAGES: readonly MenuPage[] = [
  { key: 'home', path: 'home', permission: 'home:view', icon: 'HomeOutlined', name: 'Home' },
  { key: 'apm', path: 'apm-web/a', permission: '*', hidden: true, name: 'APM' },
  {
    key: 'customerCenter',
    path: 'customer/center',
    permission: 'customer:center:view',
    icon: 'TeamOutlined',
    name: 'Customer center',
  },
  { key: 'resource', permission: 'res:view', icon: 'FolderOutlined', name: 'Resource management' },
  {
    key: 'material',
    path: 'resManage/myRes',
    parent: 'resource',
    permission: 'res:material:view',
    name: 'Material management',
  },
  { key: 'content', permission: 'content:view', icon: 'AppstoreOutlined', name: 'Content management' },
  {
    key: 'programMake',
    path: 'program/make',
    parent: 'content',
    permission: 'program:make:view',
    name: 'Program production',
  },
  {
    key: 'playPlan',
    path: 'playPlan/list',
    parent: 'content',
    permission: 'plan:list:view',
    name: 'Play plan list',
  },
  {
    key: 'planMake',
    path: 'playPlan/planMake',
    parent: 'content',
    permission: 'plan:list:edit',
    hidden: true,
    name: 'Plan production',
  },
  {
    key: 'messageForm',
    path: 'message/form',
    parent: 'content',
    permission: 'message:form:view',
    name: 'Message production',
  },
  {
    key: 'messageList',
    path: 'publishMessage/list',
    parent: 'content',
    permission: 'message:list:view',
    name: 'Message management',
  },
  { key: 'review', permission: 'review:view', icon: 'AuditOutlined', name: 'Content review' },
  {
    key: 'materialReview',
    path: 'review/material',
    parent: 'review',
    permission: 'review:material:view',
    name: 'Material review',
  },
  {
    key: 'planReview',
    path: 'playPlan/checklist',
    parent: 'review',
    permission: 'review:plan:view',
    name: 'Plan review',
  },
  {
    key: 'programReview',
    path: 'publishProgram/checklist',
    parent: 'review',
    permission: 'review:program:view',
    name: 'Program review',
  },
  {
    key: 'messageReview',
    path: 'review/message',
    parent: 'review',
    permission: 'review:message:view',
    name: 'Message review',
  },
  { key: 'terminal', permission: 'terminal:view', icon: 'DesktopOutlined', name: 'Terminal monitor' },
  {
    key: 'terminalMonitor',
    path: 'terminalMonitor/monitor',
    parent: 'terminal',
    permission: 'terminal:monitor:view',
    name: 'Terminal management',
  },
  {
    key: 'terminalSync',
    path: 'terminal/sync',
    parent: 'terminal',
    permission: 'terminal:sync:view',
    name: 'Synchronized playback',
  },
  {
    key: 'terminalInfo',
    path: 'terminal/info',
    parent: 'terminal',
    permission: 'terminal:info:view',
    name: 'Terminal info',
  },
  {
    key: 'terminalSettings',
    path: 'terminal/settings',
    parent: 'terminal',
    permission: 'terminal:settings:view',
    name: 'Terminal settings',
  },
  {
    key: 'terminalDebug',
    path: 'terminal/debug',
    parent: 'terminal',
    permission: 'terminal:debug:view',
    name: 'Terminal debugging',
  },
  {
    key: 'terminalMap',
    path: 'sysManage/terminalMap',
    parent: 'terminal',
    permission: 'terminal:map:view',
    name: 'Terminal map',
  },
  {
    key: 'strategy',
    path: 'terminal/strategy',
    parent: 'terminal',
    permission: 'terminal:strategy:view',
    name: 'Strategy management',
  },
  {
    key: 'widget',
    path: 'widget/list',
    permission: 'widget:list:view',
    icon: 'BlockOutlined',
    name: 'Widget management',
  },
  { key: 'statistics', permission: 'stats:view', icon: 'BarChartOutlined', name: 'Data statistics' },
  {
    key: 'dataStatistics',
    path: 'stats/data',
    parent: 'statistics',
    permission: 'stats:view',
    name: 'Data statistics',
  },
  {
    key: 'behaviorStatistics',
    path: 'stats/behavior',
    parent: 'statistics',
    permission: 'stats:behavior:view',
    name: 'User behavior statistics',
  },
  { key: 'system', permission: 'sys:view', icon: 'SettingOutlined', name: 'System management' },
  { key: 'user', path: 'sys/user/', parent: 'system', permission: 'sys:user:view', name: 'User management' },
  { key: 'role', path: 'sys/role', parent: 'system', permission: 'sys:role:view', name: 'Role management' },
  {
    key: 'office',
    path: 'sys/office',
    parent: 'system',
    permission: 'sys:office:view',
    name: 'Institution management',
  },
  {
    key: 'agentActivation',
    path: 'sys/office/toOpenAgentOfficePage',
    parent: 'system',
    permission: 'sys:agent:view',
    name: 'Agent activation',
  },
  {
    key: 'customization',
    path: 'sys/customer/toOpenPersonalPage',
    parent: 'system',
    permission: 'sys:customer:view',
    name: 'Enable customization',
  },
  {
    key: 'domainName',
    path: 'sys/customer/doaminNameSetting',
    parent: 'system',
    permission: 'sys:domain:view',
    name: 'Create domain name',
  },
  {
    key: 'personalized',
    path: 'sys/personalized',
    parent: 'system',
    permission: 'sys:personalized:view',
    name: 'Personalized interface',
  },
  {
    key: 'menuManage',
    path: 'sysManage/menuManage',
    parent: 'system',
    permission: 'sys:menu:view',
    name: 'Menu management',
  },
  {
    key: 'announcement',
    path: 'sys/sysSetting/announcementManager',
    parent: 'system',
    permission: 'sys:announcement:view',
    name: 'Announcement management',
  },
  {
    key: 'messageNotification',
    path: 'sysManage/messageNotification',
    parent: 'system',
    permission: 'sys:messageNotification:view',
    name: 'Message notification',
  },
  {
    key: 'sysSetting',
    path: 'sys/sysSetting/list',
    parent: 'system',
    permission: 'sys:setting:view',
    name: 'System settings',
  },
  { key: 'log', path: 'sys/log', parent: 'system', permission: 'sys:log:view', name: 'System log' },
  {
    key: 'alarm',
    path: 'abnormalAlarm/abnormalAlarmList',
    parent: 'system',
    permission: 'sys:alarm:view',
    name: 'Alarm management',
  },
  {
    key: 'dictionary',
    path: 'sys/dict',
    parent: 'system',
    permission: 'sys:dict:view',
    name: 'Dictionary management',
  },
  {
    key: 'faq',
    path: 'sys/faq',
    parent: 'system',
    permission: 'sys:faq:view',
    name: 'Common problem management',
  },
  { key: 'service', permission: 'service:purchase:view', icon: 'ShoppingOutlined', name: 'Purchase service' },
  {
    key: 'purchase',
    path: 'service/purchase',
    parent: 'service',
    permission: 'service:purchase:view',
    name: 'Purchase service',
  },
  {
    key: 'payment',
    path: 'service/payment',
    parent: 'service',
    permission: 'service:payment:view',
    name: 'Payment center',
  },
  { key: 'personalCenter', path: 'personalCenter', permission: '*', hidden: true, name: 'Personal center' },
  {
    key: 'authDemo',
    path: 'auth/demo',
    permission: 'form:view',
    roles: ['manager'],
    hidden: true,
    name: 'Authority demo',
  },
];
