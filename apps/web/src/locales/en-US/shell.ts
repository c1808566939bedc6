/** The signed-in shell: header, menu, notice bell, tab bar, page guard. */
export default {
  collapse: 'Collapse menu',
  expand: 'Expand menu',
  openMenu: 'Open menu',
  menu: 'Menu',
  notices: 'Notifications',
  noNotices: 'No notifications',
  noticesFailed: 'Notifications could not be loaded.',
  viewAll: 'View all',
  tabActions: 'Tab actions',
  refresh: 'Refresh',
  close: 'Close',
  closeLeft: 'Close tabs to the left',
  closeRight: 'Close tabs to the right',
  closeOthers: 'Close other tabs',
  lock: 'Lock tab',
  unlock: 'Unlock tab',
  lastTab: "This is the last page, you can't close it",
  lockedTab: 'This tab is locked. Unlock it before closing it.',
  help: 'Help / common problems',
  noPermissionPage:
    'sorry, you have no permission to visit the page {{path}}, please contact the administrator',
};
