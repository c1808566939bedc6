import type en from '../en-US/exception';

/** 錯誤頁。 */
const exception: typeof en = {
  forbidden: '抱歉，您無權存取此頁面。',
  notFound: '抱歉，您存取的頁面不存在。',
  serverError: '抱歉，伺服器發生錯誤。',
  loginInvalid: '登入失效，請重新登入',
  loginInvalidDesc: '您的工作階段已過期或已結束。',
  appError: '發生錯誤',
  chunkError: '部分應用程式內容載入失敗，請檢查網絡後重新整理頁面。',
};
export default exception;
