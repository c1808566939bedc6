import type en from '../en-US/sys-init';

/** 系统初始化页。 */
const sysInit: typeof en = {
  title: '系统初始化',
  intro: '创建第一个机构及其管理员账号。',
  officeName: '机构名称',
  officeNameRequired: '请输入机构名称',
  officeNameMax: '机构名称最多 100 个字符',
  username: '管理员登录名',
  usernameRequired: '请输入管理员登录名',
  usernamePattern: '管理员登录名须为 2–50 位字母、数字或 _ . - @ 字符',
  name: '显示名称',
  nameMax: '显示名称最多 100 个字符',
  password: '密码',
  passwordRequired: '请输入密码',
  passwordRule: '密码须为 8–64 位，且包含小写字母、大写字母、数字和符号',
  confirm: '确认密码',
  confirmRequired: '请再次输入密码',
  confirmMismatch: '确认密码与密码不一致',
  submit: '初始化',
  success: '系统初始化完成，请登录。',
  defaultLanguage: '默认语言',
  defaultLanguageHelp: '新访客打开控制台时使用的语言；每个用户仍可自行切换。',
  setupToken: '请使用服务器启动时输出的地址（…/sysInit?token=…）打开此页面：初始化令牌缺失或不正确。',
  alreadyInitialised: '系统已完成初始化。',
  failed: '初始化失败，请检查表单后重试。',
};
export default sysInit;
