import type en from '../en-US/route';

/** 页面名称，用于文档标题。 */
const route: typeof en = {
  login: '登录',
  sysInit: '系统初始化',
  home: '首页',
  personalCenter: '个人中心',
  forbidden: '无权访问',
  notFound: '页面不存在',
  serverError: '服务器错误',
  logout: '登录失效',
};
export default route;
