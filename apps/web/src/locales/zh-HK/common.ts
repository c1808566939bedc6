import type en from '../en-US/common';

/** 通用詞彙：按鈕、通用狀態、標題前綴。 */
const common: typeof en = {
  admin: '管理後台',
  language: '語言',
  backHome: '返回首頁',
  backToLogin: '返回登入',
  submit: '提交',
  cancel: '取消',
  ok: '確定',
  close: '關閉',
  loading: '載入中…',
  reload: '重新載入',
  success: '操作成功',
  optional: '選填',
};
export default common;
