/** The authority demo page. */
export default {
  disabledTitle: 'Controls that need a permission',
  disabledDesc: 'A control is disabled, with a tooltip, when you lack the permission it needs.',
  guardedTitle: 'Guarded actions',
  guardedDesc: 'An action you lack the permission for is refused with a message naming the permission.',
};
