/**
 * The @ant-design/icons icon names a menu entry may use: the console bundles exactly these
 * (apps/web/src/layouts/shell/MenuIcon.tsx) and the server refuses any other name on save.
 */
export const MENU_ICON_NAMES = [
  'AlertOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BlockOutlined',
  'BookOutlined',
  'CalendarOutlined',
  'CloudOutlined',
  'ClusterOutlined',
  'ControlOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DesktopOutlined',
  'EnvironmentOutlined',
  'FileImageOutlined',
  'FileOutlined',
  'FileTextOutlined',
  'FolderOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'LineChartOutlined',
  'MessageOutlined',
  'NotificationOutlined',
  'PayCircleOutlined',
  'PictureOutlined',
  'PieChartOutlined',
  'PlayCircleOutlined',
  'ProfileOutlined',
  'QuestionCircleOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingOutlined',
  'SolutionOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'UnorderedListOutlined',
  'UserOutlined',
  'VideoCameraOutlined',
] as const;

/** A menu icon name. */
export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

/** Whether `name` is an icon a menu entry may use. */
export function isMenuIconName(name: string): name is MenuIconName {
  return (MENU_ICON_NAMES as readonly string[]).includes(name);
}
