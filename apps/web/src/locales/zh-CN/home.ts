import type en from '../en-US/home';

/** 登录后的首页及页头。 */
const home: typeof en = {
  welcome: '欢迎回来',
  office: '机构',
  noOffice: '无机构',
  loginName: '登录名',
  signedInAt: '登录时间',
  personalCenter: '个人中心',
  signOut: '退出登录',
  signOutFailed: '退出请求未到达服务器，已在本设备上退出登录。',
  loadFailed: '无法加载您的账号信息。',
  retry: '重试',
  roles: '角色',
  noRoles: '无角色',
  menuEntries: '我的页面',
  noMenuEntries: '暂无可用页面，请联系管理员分配权限。',
  roleNames: {
    superAdmin: '超级管理员',
    operator: '操作员',
    auditor: '审核员',
    manager: '管理者',
  },
};
export default home;
