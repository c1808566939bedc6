import type en from '../en-US/home';

/** 登录后的首页及页头。 */
const home: typeof en = {
  welcome: '欢迎回来',
  office: '机构',
  noOffice: '无机构',
  loginName: '登录名',
  personalCenter: '个人中心',
  signOut: '退出登录',
  signOutFailed: '退出请求未到达服务器，已在本设备上退出登录。',
  loadFailed: '无法加载您的账号信息。',
  retry: '重试',
};
export default home;
