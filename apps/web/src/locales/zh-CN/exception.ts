import type en from '../en-US/exception';

/** 错误页。 */
const exception: typeof en = {
  forbidden: '抱歉，您无权访问此页面。',
  notFound: '抱歉，您访问的页面不存在。',
  serverError: '抱歉，服务器出错了。',
  loginInvalid: '登录失效，请重新登录',
  loginInvalidDesc: '您的会话已过期或已结束。',
  appError: '出错了',
  chunkError: '部分应用内容加载失败，请检查网络后刷新页面。',
};
export default exception;
