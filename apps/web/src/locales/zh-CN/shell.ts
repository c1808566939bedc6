import type en from '../en-US/shell';

/** The signed-in shell: header, menu, notice bell, tab bar, page guard. (zh-CN) */
const shell: typeof en = {
  collapse: '收起菜单',
  expand: '展开菜单',
  openMenu: '打开菜单',
  menu: '菜单',
  notices: '消息通知',
  noticesUnread: '消息通知，{{count}} 条未读',
  alarms: '告警',
  alarmsPending: '告警：未解决 {{count}} 条，新告警 {{fresh}} 条',
  alarmsArrived: '有新的告警',
  alarmsOpen: '打开告警管理',
  noNotices: '暂无通知',
  noticesFailed: '通知加载失败。',
  viewAll: '查看全部',
  tabActions: '标签操作',
  openPages: '已打开的页面',
  closeTab: '关闭“{{name}}”',
  refresh: '刷新',
  close: '关闭',
  closeLeft: '关闭左侧标签',
  closeRight: '关闭右侧标签',
  closeOthers: '关闭其他标签',
  lock: '锁定标签',
  unlock: '解锁标签',
  lastTab: '这已经是最后一页，不能再关闭了',
  lockedTab: '该标签已锁定，请先解锁再关闭。',
  help: '帮助 / 常见问题',
  noPermissionPage: '抱歉，您无权访问页面 {{path}}，请联系管理员',
};
export default shell;
