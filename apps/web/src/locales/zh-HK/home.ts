import type en from '../en-US/home';

/** 登入後的首頁及頁首。 */
const home: typeof en = {
  welcome: '歡迎回來',
  office: '機構',
  noOffice: '無機構',
  loginName: '登入名稱',
  personalCenter: '個人中心',
  signOut: '登出',
  signOutFailed: '登出請求未能送達伺服器，已在此裝置上登出。',
  loadFailed: '無法載入您的帳戶資料。',
  retry: '重試',
};
export default home;
