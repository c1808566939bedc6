import type en from '../en-US/home';

/** 登入後的首頁及頁首。 */
const home: typeof en = {
  welcome: '歡迎回來',
  office: '機構',
  noOffice: '無機構',
  loginName: '登入名稱',
  signedInAt: '登入時間',
  personalCenter: '個人中心',
  signOut: '登出',
  signOutFailed: '登出請求未能送達伺服器，已在此裝置上登出。',
  loadFailed: '無法載入您的帳戶資料。',
  retry: '重試',
  roles: '角色',
  noRoles: '無角色',
  menuEntries: '我的頁面',
  noMenuEntries: '暫無可用頁面，請聯絡管理員分配權限。',
  roleNames: {
    superAdmin: '超級管理員',
    operator: '操作員',
    auditor: '審核員',
    manager: '管理者',
  },
};
export default home;
