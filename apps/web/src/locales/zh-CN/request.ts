import type en from '../en-US/request';

/** 通用请求错误。 */
const request: typeof en = {
  noPermission: '登录/无权限',
  denied: '请求被拒绝',
  timeout: '请求超时，请重试。',
  network: '网络错误：{{message}}',
  failed: '请求失败（{{status}}）',
};
export default request;
