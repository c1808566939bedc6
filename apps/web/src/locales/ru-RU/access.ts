import type en from '../en-US/access';

/** Permission helpers: disabled controls and guarded actions. (ru-RU) */
const access: typeof en = {
  noPermission: 'нет прав',
  noOperation: 'Извините, у вас нет прав на эту операцию: {{name}}',
  permissionName: '{{page}} — {{operation}}',
};
export default access;
