import type en from '../en-US/shell';

/** The signed-in shell: header, menu, notice bell, tab bar, page guard. (ko-KR) */
const shell: typeof en = {
  collapse: '메뉴 접기',
  expand: '메뉴 펼치기',
  openMenu: '메뉴 열기',
  menu: '메뉴',
  notices: '알림',
  noticesUnread: '알림, 읽지 않음 {{count}}개',
  alarms: '알람',
  alarmsPending: '알람: 미해결 {{count}}개, 신규 {{fresh}}개',
  alarmsArrived: '새 알람이 도착했습니다',
  alarmsOpen: '알람 센터 열기',
  noNotices: '알림이 없습니다',
  noticesFailed: '알림을 불러오지 못했습니다.',
  viewAll: '모두 보기',
  tabActions: '탭 작업',
  openPages: '열린 페이지',
  closeTab: '{{name}} 닫기',
  refresh: '새로 고침',
  close: '닫기',
  closeLeft: '왼쪽 탭 닫기',
  closeRight: '오른쪽 탭 닫기',
  closeOthers: '다른 탭 닫기',
  lock: '탭 고정',
  unlock: '탭 고정 해제',
  lastTab: '마지막 페이지이므로 닫을 수 없습니다',
  lockedTab: '고정된 탭입니다. 닫으려면 먼저 고정을 해제하세요.',
  help: '도움말 / 자주 묻는 질문',
  noPermissionPage: '죄송합니다. {{path}} 페이지에 접근할 권한이 없습니다. 관리자에게 문의하세요',
};
export default shell;
