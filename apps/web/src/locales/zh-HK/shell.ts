import type en from '../en-US/shell';

/** The signed-in shell: header, menu, notice bell, tab bar, page guard. (zh-HK) */
const shell: typeof en = {
  collapse: '收起選單',
  expand: '展開選單',
  openMenu: '開啟選單',
  menu: '選單',
  notices: '訊息通知',
  noticesUnread: '訊息通知，{{count}} 則未讀',
  alarms: '告警',
  alarmsPending: '告警：未解決 {{count}} 條，新告警 {{fresh}} 條',
  alarmsArrived: '有新的告警',
  alarmsOpen: '開啟告警管理',
  noNotices: '暫無通知',
  noticesFailed: '通知載入失敗。',
  viewAll: '查看全部',
  tabActions: '標籤操作',
  openPages: '已開啟的頁面',
  closeTab: '關閉「{{name}}」',
  refresh: '重新整理',
  close: '關閉',
  closeLeft: '關閉左側標籤',
  closeRight: '關閉右側標籤',
  closeOthers: '關閉其他標籤',
  lock: '鎖定標籤',
  unlock: '解鎖標籤',
  lastTab: '這已經是最後一頁，不能再關閉了',
  lockedTab: '此標籤已鎖定，請先解鎖再關閉。',
  help: '幫助 / 常見問題',
  noPermissionPage: '抱歉，您無權訪問頁面 {{path}}，請聯絡管理員',
};
export default shell;
