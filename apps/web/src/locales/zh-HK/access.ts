import type en from '../en-US/access';

/** Permission helpers: disabled controls and guarded actions. (zh-HK) */
const access: typeof en = {
  noPermission: '無權限',
  noOperation: '對不起，您沒有操作權限：{{name}}',
  permissionName: '{{page}}-{{operation}}',
};
export default access;
