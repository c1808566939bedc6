import type en from '../en-US/common';

/** 通用词汇：按钮、通用状态、标题前缀。 */
const common: typeof en = {
  admin: '管理后台',
  language: '语言',
  backHome: '返回首页',
  backToLogin: '返回登录',
  submit: '提交',
  cancel: '取消',
  ok: '确定',
  close: '关闭',
  loading: '加载中…',
  reload: '重新加载',
  success: '操作成功',
  optional: '选填',
};
export default common;
