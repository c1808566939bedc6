import { describe, expect, it } from 'vitest';
import {
  allows,
  allowsWithAncestors,
  checkTypeOf,
  hasPermission,
  isSuperAdmin,
  type Authorities,
  type TreeRequirement,
} from '../src/access/authority';

const user: Authorities = {
  permissions: [
    { id: 'sys', operation: ['view'] },
    { id: 'sys:user', operation: ['view', 'edit'] },
  ],
  roles: [
    { id: 'manager', operation: ['view'] },
    { id: 'auditor', operation: [] },
  ],
};

describe('route authority', () => {
  it('picks the check type', () => {
    expect(checkTypeOf({ permission: '*' })).toBe('open');
    expect(checkTypeOf({})).toBe('open');
    expect(checkTypeOf({ permission: 'sys:user:view' })).toBe('permission');
    expect(checkTypeOf({ permission: '*', roles: ['manager'] })).toBe('role');
    expect(checkTypeOf({ permission: 'form:view', roles: ['manager'] })).toBe('either');
  });

  it('checks permission only', () => {
    expect(hasPermission(user, 'sys:user:edit')).toBe(true);
    expect(hasPermission(user, 'sys:user:delete')).toBe(false);
    expect(hasPermission(user, 'sys:role:view')).toBe(false);
    expect(allows(user, { permission: 'sys:user:view' })).toBe(true);
    expect(allows(user, { permission: 'sys:role:view' })).toBe(false);
    expect(allows(user, { permission: '*' })).toBe(true);
  });

  it('checks role only: membership, filtered by the route roles', () => {
    expect(allows(user, { permission: '*', roles: ['auditor'] })).toBe(true);
    expect(allows(user, { permission: '*', roles: ['superAdmin'] })).toBe(false);
  });

  it('checks either: the permission, or a listed role carrying the operation', () => {
    expect(allows(user, { permission: 'form:view', roles: ['manager'] })).toBe(true);
    expect(allows(user, { permission: 'form:edit', roles: ['manager'] })).toBe(false);
    expect(allows(user, { permission: 'form:view', roles: ['auditor'] })).toBe(false);
    expect(allows(user, { permission: 'sys:user:edit', roles: ['nobody'] })).toBe(true);
  });

  it('requires the route and all its parents to allow', () => {
    const routes: TreeRequirement[] = [
      { key: 'system', permission: 'sys:view' },
      { key: 'user', parent: 'system', permission: 'sys:user:view' },
      { key: 'stats', permission: 'stats:view' },
      { key: 'behavior', parent: 'stats', permission: 'sys:user:view' },
      { key: 'loop', parent: 'loop', permission: '*' },
    ];
    const byKey = new Map(routes.map((r) => [r.key, r]));
    expect(allowsWithAncestors(user, byKey.get('user')!, byKey)).toBe(true);
    expect(allowsWithAncestors(user, byKey.get('behavior')!, byKey)).toBe(false);
    expect(allowsWithAncestors(user, byKey.get('loop')!, byKey)).toBe(true);
  });

  it('recognises the super administrator', () => {
    expect(isSuperAdmin(user)).toBe(false);
    expect(isSuperAdmin({ roles: [{ id: 'superAdmin', operation: [] }] })).toBe(true);
    expect(isSuperAdmin(null)).toBe(false);
  });
});
