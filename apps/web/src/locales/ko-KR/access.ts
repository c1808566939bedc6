import type en from '../en-US/access';

/** Permission helpers: disabled controls and guarded actions. (ko-KR) */
const access: typeof en = {
  noPermission: '권한 없음',
  noOperation: '죄송합니다. 이 작업에 대한 권한이 없습니다: {{name}}',
  permissionName: '{{page}} - {{operation}}',
};
export default access;
