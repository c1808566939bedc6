import { forbidden } from '../../lib/errors.js';
import type { Access } from '../../plugins/auth.js';
import type { AuthContext } from '../auth/session-service.js';

/** Who reads the catalogue, its data sources and the store. */
export const WIDGET_VIEWERS: Access = 'widget:list:view';
/** Who the program editor's palette and data previews answer: program makers and catalogue readers. */
export const PALETTE_READERS: Access = ['program:make:add', 'program:make:edit', 'widget:list:view'];

/** 403 unless the caller holds the permission (routes open to several check the one their action needs). */
export function requirePermission(auth: AuthContext, permission: string): void {
  if (!auth.permissions.has(permission)) throw forbidden(`Requires permission ${permission}`, 'noPermission');
}
