import type en from '../en-US/access';

/** Permission helpers: disabled controls and guarded actions. (it-IT) */
const access: typeof en = {
  noPermission: 'nessuna autorizzazione',
  noOperation: "Spiacenti, non hai l'autorizzazione per questa operazione: {{name}}",
  permissionName: '{{page}} ({{operation}})',
};
export default access;
