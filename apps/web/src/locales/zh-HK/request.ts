import type en from '../en-US/request';

/** 通用請求錯誤。 */
const request: typeof en = {
  noPermission: '登入/無權限',
  denied: '請求被拒絕',
  timeout: '請求逾時，請重試。',
  network: '網絡錯誤：{{message}}',
  failed: '請求失敗（{{status}}）',
};
export default request;
