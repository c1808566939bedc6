import type en from '../en-US/access';

/** Permission helpers: disabled controls and guarded actions. (fr-FR) */
const access: typeof en = {
  noPermission: 'aucune autorisation',
  noOperation: 'Désolé, vous n’avez pas l’autorisation pour cette opération : {{name}}',
  permissionName: '{{page}} : {{operation}}',
};
export default access;
