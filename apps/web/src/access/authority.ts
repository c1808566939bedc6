/**
 * Route and action authority (spec sections 5 and 6), mirrored from the server's rules so
 * that menus and controls match what the server will allow. Pure functions.
 */
import { splitPermission, type AuthorityRecord } from '@apm/contract';

/** What a user holds: permission records and role records, each `{ id, operation[] }`. */
export interface Authorities {
  permissions: readonly AuthorityRecord[];
  roles: readonly AuthorityRecord[];
}

/** What a route (or menu entry) may require. */
export interface AuthorityRequirement {
  /** Permission string such as `sys:user:view`, or `*` (open to every signed-in user). */
  permission?: string;
  /** Role ids that also grant access. */
  roles?: readonly string[];
}

/** How a requirement is checked: nothing needed, permission only, role only, or either. */
export type CheckType = 'open' | 'permission' | 'role' | 'either';

/** The role id of the super administrator. */
export const SUPER_ADMIN_ROLE = 'superAdmin';

const isOpen = (permission: string | undefined) => !permission || permission === '*';

/** The check type a requirement calls for. */
export function checkTypeOf(req: AuthorityRequirement): CheckType {
  const hasRoles = (req.roles?.length ?? 0) > 0;
  if (isOpen(req.permission)) return hasRoles ? 'role' : 'open';
  return hasRoles ? 'either' : 'permission';
}

/** Whether the user holds permission string `permission` (`sys:user:edit`): record `sys:user` with `edit`. */
export function hasPermission(user: Authorities, permission: string): boolean {
  if (isOpen(permission)) return true;
  const { id, operation } = splitPermission(permission);
  return user.permissions.some((p) => p.id === id && p.operation.includes(operation));
}

/**
 * Whether one of the user's roles named by the requirement grants it: the route's roles filter
 * the user's role list; with a declared permission the role must carry its operation, without
 * one membership is enough.
 */
export function hasRoleFor(user: Authorities, req: AuthorityRequirement): boolean {
  const wanted = req.roles ?? [];
  const roles = user.roles.filter((r) => wanted.includes(r.id));
  if (isOpen(req.permission)) return roles.length > 0;
  const { operation } = splitPermission(req.permission!);
  return roles.some((r) => r.operation.includes(operation));
}

/** Whether the user satisfies one requirement (without looking at parents). */
export function allows(user: Authorities, req: AuthorityRequirement): boolean {
  switch (checkTypeOf(req)) {
    case 'open':
      return true;
    case 'permission':
      return hasPermission(user, req.permission!);
    case 'role':
      return hasRoleFor(user, req);
    case 'either':
      return hasPermission(user, req.permission!) || hasRoleFor(user, req);
  }
}

/** A requirement that sits in a tree through `parent` keys. */
export interface TreeRequirement extends AuthorityRequirement {
  key: string;
  parent?: string;
}

/**
 * Whether the user may visit a route: the route and every ancestor must allow the user.
 * A cycle or a missing parent ends the walk (a missing parent imposes nothing).
 */
export function allowsWithAncestors<T extends TreeRequirement>(
  user: Authorities,
  route: T,
  byKey: ReadonlyMap<string, T>,
): boolean {
  const seen = new Set<string>();
  let current: T | undefined = route;
  while (current && !seen.has(current.key)) {
    if (!allows(user, current)) return false;
    seen.add(current.key);
    current = current.parent ? byKey.get(current.parent) : undefined;
  }
  return true;
}

/** Whether the user is a super administrator. */
export function isSuperAdmin(user: Pick<Authorities, 'roles'> | null | undefined): boolean {
  return user?.roles.some((r) => r.id === SUPER_ADMIN_ROLE) ?? false;
}
