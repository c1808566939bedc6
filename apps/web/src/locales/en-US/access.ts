/** Permission helpers: disabled controls and guarded actions. */
export default {
  noPermission: 'no permission',
  noOperation: 'Sorry, you do not have permission for this operation: {{name}}',
  permissionName: '{{page}} – {{operation}}',
};
