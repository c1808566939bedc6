import type en from '../en-US/login';

/** 登入頁。 */
const login: typeof en = {
  title: '登入',
  username: '用戶名稱',
  usernameRequired: '請輸入用戶名稱',
  password: '密碼',
  passwordRequired: '請輸入密碼',
  captcha: '圖形驗證碼',
  captchaPlaceholder: '圖中字元',
  captchaRequired: '請輸入圖中顯示的字元',
  captchaRefresh: '點擊更換圖片',
  verificationCode: '驗證碼',
  verificationRequired: '請輸入驗證碼',
  sendBy: '接收方式',
  wayEmail: '電郵',
  waySms: '短訊',
  sendCode: '發送驗證碼',
  resendIn: '{{seconds}} 秒後重發',
  codeSent: '驗證碼已發送。',
  sendFailed: '驗證碼發送失敗，請稍後再試。',
  submit: '登入',
  register: '註冊帳戶',
  forgot: '忘記密碼？',
  errors: {
    badCredentials: '用戶名稱或密碼錯誤。',
    captchaRequired: '請輸入圖中顯示的字元。',
    captchaWrong: '圖形驗證碼錯誤，請重試。',
    verificationRequired: '請輸入驗證碼。',
    verificationWrong: '驗證碼錯誤或已過期。',
    accountDisabled: '此帳戶已被停用，請聯絡管理員。',
    rateLimited: '嘗試次數過多，請稍後再試。',
    decryptFailed: '登入密鑰已變更，請重試。',
    network: '無法連接伺服器，請檢查網絡。',
    unknown: '登入失敗，請稍後再試。',
  },
};
export default login;
