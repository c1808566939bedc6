import type en from '../en-US/account';

/** 個人中心與密碼過期表格。 */
const account: typeof en = {
  profile: '我的帳戶',
  name: '姓名',
  loginName: '登入名稱',
  office: '機構',
  pwdExpiredTitle: '您的密碼已過期',
  pwdExpiredDesc: '為保障帳戶安全，請先設定新密碼再繼續。',
  oldPassword: '目前密碼',
  oldPasswordRequired: '請輸入目前密碼',
  newPassword: '新密碼',
  newPasswordRequired: '請輸入新密碼',
  newPasswordRule: '新密碼須為 8–64 個字元，並包含小寫字母、大寫字母、數字及符號',
  newPasswordSame: '新密碼不可與目前密碼相同',
  confirmPassword: '確認新密碼',
  confirmRequired: '請再次輸入新密碼',
  confirmMismatch: '確認新密碼與新密碼不一致',
  submit: '更改密碼',
  success: '密碼已更改。',
  wrongOld: '目前密碼不正確。',
  failed: '密碼更改失敗，請重試。',
  email: '電郵地址',
  phone: '手機號碼',
  roles: '角色',
  changePassword: '更改密碼',
};
export default account;
