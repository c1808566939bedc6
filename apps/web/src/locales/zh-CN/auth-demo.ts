import type en from '../en-US/auth-demo';

/** The authority demo page. (zh-CN) */
const authDemo: typeof en = {
  disabledTitle: '需要权限的控件',
  disabledDesc: '缺少所需权限时，控件会被禁用并显示提示。',
  guardedTitle: '受保护的操作',
  guardedDesc: '执行没有权限的操作时，会提示所缺权限的名称并拒绝执行。',
};
export default authDemo;
