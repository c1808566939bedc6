import type en from '../en-US/auth-demo';

/** The authority demo page. (zh-HK) */
const authDemo: typeof en = {
  disabledTitle: '需要權限的控制項',
  disabledDesc: '缺少所需權限時，控制項會被停用並顯示提示。',
  guardedTitle: '受保護的操作',
  guardedDesc: '執行沒有權限的操作時，會提示所缺權限的名稱並拒絕執行。',
};
export default authDemo;
