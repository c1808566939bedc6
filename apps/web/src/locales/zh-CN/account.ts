import type en from '../en-US/account';

/** 个人中心与密码过期表单。 */
const account: typeof en = {
  profile: '我的账号',
  name: '姓名',
  loginName: '登录名',
  office: '机构',
  pwdExpiredTitle: '您的密码已过期',
  pwdExpiredDesc: '为保障账号安全，请先设置新密码再继续。',
  oldPassword: '当前密码',
  oldPasswordRequired: '请输入当前密码',
  newPassword: '新密码',
  newPasswordRequired: '请输入新密码',
  newPasswordRule: '新密码须为 8–64 位，且包含小写字母、大写字母、数字和符号',
  newPasswordSame: '新密码不能与当前密码相同',
  confirmPassword: '确认新密码',
  confirmRequired: '请再次输入新密码',
  confirmMismatch: '确认新密码与新密码不一致',
  submit: '修改密码',
  success: '密码已修改。',
  wrongOld: '当前密码不正确。',
  failed: '密码修改失败，请重试。',
  email: '电子邮箱',
  phone: '手机号码',
  roles: '角色',
  changePassword: '修改密码',
};
export default account;
