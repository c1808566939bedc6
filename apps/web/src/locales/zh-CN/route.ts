import type en from '../en-US/route';

/** 页面名称，用于文档标题。 */
const route: typeof en = {
  login: '登录',
  sysInit: '系统初始化',
  register: '注册',
  forgotPassword: '忘记密码',
  home: '首页',
  personalCenter: '个人中心',
  forbidden: '无权访问',
  notFound: '页面不存在',
  serverError: '服务器错误',
  logout: '登录失效',
  inframe: '内嵌页面',
  planMakeFull: '计划制作',
  publishSet: '发布设置',
  terminalSelection: '选择终端',
  programEditor: '节目编辑器',
};
export default route;
