import type en from '../en-US/access';

/** Permission helpers: disabled controls and guarded actions. (zh-CN) */
const access: typeof en = {
  noPermission: '无权限',
  noOperation: '对不起，您没有操作权限：{{name}}',
  permissionName: '{{page}}-{{operation}}',
};
export default access;
