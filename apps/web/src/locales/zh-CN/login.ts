import type en from '../en-US/login';

/** 登录页。 */
const login: typeof en = {
  title: '登录',
  username: '用户名',
  usernameRequired: '请输入用户名',
  password: '密码',
  passwordRequired: '请输入密码',
  captcha: '图形验证码',
  captchaPlaceholder: '图中字符',
  captchaRequired: '请输入图中显示的字符',
  captchaRefresh: '点击更换图片',
  verificationCode: '验证码',
  verificationRequired: '请输入验证码',
  sendBy: '接收方式',
  wayEmail: '邮箱',
  waySms: '短信',
  sendCode: '发送验证码',
  resendIn: '{{seconds}} 秒后重发',
  codeSent: '验证码已发送。',
  sendFailed: '验证码发送失败，请稍后再试。',
  submit: '登录',
  register: '注册账号',
  forgot: '忘记密码？',
  errors: {
    badCredentials: '用户名或密码错误。',
    captchaRequired: '请输入图中显示的字符。',
    captchaWrong: '图形验证码错误，请重试。',
    verificationRequired: '请输入验证码。',
    verificationWrong: '验证码错误或已过期。',
    accountDisabled: '该账号已被停用，请联系管理员。',
    rateLimited: '尝试次数过多，请稍后再试。',
    decryptFailed: '登录密钥已变更，请重试。',
    network: '无法连接服务器，请检查网络。',
    unknown: '登录失败，请稍后再试。',
  },
};
export default login;
