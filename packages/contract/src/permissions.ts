/**
 * The permission catalogue: every menu page of the console and the operations it has.
 * A permission string is `<id>:<operation>`, e.g. `sys:user:edit`; a user's permission
 * records are `{ id, operation[] }` (spec section 6).
 */

/** Operations a page can grant. */
export const Operations = [
  'view',
  'add',
  'edit',
  'delete',
  'review',
  'publish',
  'export',
  'command',
] as const;
export type Operation = (typeof Operations)[number];

/** One permission record of the catalogue: a page (or page group) and its operations. */
export interface PermissionDef {
  /** Permission id without the operation, e.g. `sys:user`. */
  id: string;
  /** i18n key of its name (console locale `permission.<id>`). */
  nameKey: string;
  /** English name, used in logs and server messages. */
  name: string;
  operations: readonly Operation[];
  /** Permission id of the group it belongs to, if any. */
  parent?: string;
}

const VAED = ['view', 'add', 'edit', 'delete'] as const;

const PERMISSION_LIST: Omit<PermissionDef, 'nameKey'>[] = [
  { id: 'home', name: 'Home', operations: ['view'] },
  { id: 'customer:center', name: 'Customer center', operations: ['view'] },
  { id: 'res', name: 'Resource management', operations: ['view'] },
  { id: 'res:material', name: 'Material management', operations: [...VAED, 'export'], parent: 'res' },
  { id: 'content', name: 'Content management', operations: ['view'] },
  { id: 'program:make', name: 'Program production', operations: [...VAED, 'publish'], parent: 'content' },
  { id: 'plan:list', name: 'Play plan list', operations: [...VAED, 'publish'], parent: 'content' },
  { id: 'message:form', name: 'Message production', operations: ['view', 'add', 'edit'], parent: 'content' },
  {
    id: 'message:list',
    name: 'Message management',
    operations: ['view', 'delete', 'publish'],
    parent: 'content',
  },
  { id: 'review', name: 'Content review', operations: ['view'] },
  { id: 'review:material', name: 'Material review', operations: ['view', 'review'], parent: 'review' },
  { id: 'review:plan', name: 'Plan review', operations: ['view', 'review'], parent: 'review' },
  { id: 'review:program', name: 'Program review', operations: ['view', 'review'], parent: 'review' },
  { id: 'review:message', name: 'Message review', operations: ['view', 'review'], parent: 'review' },
  { id: 'terminal', name: 'Terminal monitor', operations: ['view'] },
  {
    id: 'terminal:monitor',
    name: 'Terminal management',
    operations: [...VAED, 'command'],
    parent: 'terminal',
  },
  { id: 'terminal:sync', name: 'Synchronized playback', operations: ['view', 'edit'], parent: 'terminal' },
  { id: 'terminal:info', name: 'Terminal info', operations: ['view', 'export'], parent: 'terminal' },
  { id: 'terminal:settings', name: 'Terminal settings', operations: ['view', 'edit'], parent: 'terminal' },
  { id: 'terminal:debug', name: 'Terminal debugging', operations: ['view', 'command'], parent: 'terminal' },
  { id: 'terminal:map', name: 'Terminal map', operations: ['view'], parent: 'terminal' },
  { id: 'terminal:strategy', name: 'Strategy management', operations: VAED, parent: 'terminal' },
  { id: 'widget:list', name: 'Widget management', operations: VAED },
  { id: 'sys', name: 'System management', operations: ['view'] },
  { id: 'sys:user', name: 'User management', operations: VAED, parent: 'sys' },
  { id: 'sys:role', name: 'Role management', operations: VAED, parent: 'sys' },
  { id: 'sys:office', name: 'Institution management', operations: VAED, parent: 'sys' },
  { id: 'sys:agent', name: 'Agent activation', operations: ['view', 'edit'], parent: 'sys' },
  { id: 'sys:customer', name: 'Enable customization', operations: ['view', 'edit'], parent: 'sys' },
  { id: 'sys:domain', name: 'Create domain name', operations: ['view', 'edit'], parent: 'sys' },
  { id: 'sys:personalized', name: 'Personalized interface', operations: ['view', 'edit'], parent: 'sys' },
  { id: 'sys:menu', name: 'Menu management', operations: VAED, parent: 'sys' },
  { id: 'sys:announcement', name: 'Announcement management', operations: ['view', 'edit'], parent: 'sys' },
  {
    id: 'sys:messageNotification',
    name: 'Message notification',
    operations: ['view', 'add', 'delete'],
    parent: 'sys',
  },
  { id: 'sys:setting', name: 'System settings', operations: ['view', 'edit'], parent: 'sys' },
  { id: 'sys:log', name: 'System log', operations: ['view', 'export'], parent: 'sys' },
  { id: 'sys:alarm', name: 'Alarm management', operations: ['view', 'edit', 'export'], parent: 'sys' },
  { id: 'sys:dict', name: 'Dictionary management', operations: VAED, parent: 'sys' },
  { id: 'sys:faq', name: 'Common problem management', operations: VAED, parent: 'sys' },
  { id: 'stats', name: 'Data statistics', operations: ['view', 'export'] },
  { id: 'stats:behavior', name: 'User behavior statistics', operations: ['view', 'export'], parent: 'stats' },
  // edit: manage the seller's catalogue and bank details (platform, agents).
  { id: 'service:purchase', name: 'Purchase service', operations: ['view', 'add', 'edit'] },
  // review: a finance user of the seller confirms payments received, fulfils and refunds.
  { id: 'service:payment', name: 'Payment center', operations: ['view', 'add', 'review'] },
  { id: 'publish:settings', name: 'Publish settings', operations: ['view', 'edit'] },
  { id: 'publish:terminalSelection', name: 'Terminal selection', operations: ['view'] },
  { id: 'form', name: 'Authority demo form', operations: ['view', 'edit'] },
];

/** Every permission of the product, in menu order. */
export const PERMISSIONS: readonly PermissionDef[] = PERMISSION_LIST.map((p) => ({
  ...p,
  nameKey: `permission.${p.id}`,
}));

/** A permission string `<id>:<operation>`. */
export type PermissionString = `${string}:${Operation}`;

/** Splits `sys:user:edit` into `{ id: 'sys:user', operation: 'edit' }`. */
export function splitPermission(permission: string): { id: string; operation: string } {
  const at = permission.lastIndexOf(':');
  return at < 0
    ? { id: permission, operation: 'view' }
    : { id: permission.slice(0, at), operation: permission.slice(at + 1) };
}

/** Looks a permission up in the catalogue by id. */
export function findPermission(id: string): PermissionDef | undefined {
  return PERMISSIONS.find((p) => p.id === id);
}

/** Every permission string of the catalogue, e.g. for the super administrator. */
export function allPermissionStrings(): string[] {
  return PERMISSIONS.flatMap((p) => p.operations.map((op) => `${p.id}:${op}`));
}

/** Codes of the roles the system seeds; they cannot be deleted. */
export const SystemRoles = {
  superAdmin: 'superAdmin',
  operator: 'operator',
  auditor: 'auditor',
} as const;

/** A user's permission or role record as the console stores it (spec section 3). */
export interface AuthorityRecord {
  id: string;
  operation: string[];
}
