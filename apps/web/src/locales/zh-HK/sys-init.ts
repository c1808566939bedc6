import type en from '../en-US/sys-init';

/** 系統初始化頁。 */
const sysInit: typeof en = {
  title: '系統初始化',
  intro: '建立第一個機構及其管理員帳戶。',
  officeName: '機構名稱',
  officeNameRequired: '請輸入機構名稱',
  officeNameMax: '機構名稱最多 100 個字元',
  username: '管理員登入名稱',
  usernameRequired: '請輸入管理員登入名稱',
  usernamePattern: '管理員登入名稱須為 2–50 個英文字母、數字或 _ . - @ 字元',
  name: '顯示名稱',
  nameMax: '顯示名稱最多 100 個字元',
  password: '密碼',
  passwordRequired: '請輸入密碼',
  passwordRule: '密碼須為 8–64 個字元，並包含小寫字母、大寫字母、數字及符號',
  confirm: '確認密碼',
  confirmRequired: '請再次輸入密碼',
  confirmMismatch: '確認密碼與密碼不一致',
  submit: '初始化',
  success: '系統初始化完成，請登入。',
  defaultLanguage: '預設語言',
  defaultLanguageHelp: '新訪客開啟控制台時使用的語言；每位使用者仍可自行切換。',
  setupToken: '請使用伺服器啟動時輸出的地址（…/sysInit?token=…）開啟此頁面：初始化權杖缺失或不正確。',
  alreadyInitialised: '系統已完成初始化。',
  failed: '初始化失敗，請檢查表格後重試。',
};
export default sysInit;
