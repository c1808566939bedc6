import type { Database } from '../../../src/db/client.js';
import { SYSTEM_ROLE_GRANTS } from '../../../src/modules/system/seed.js';
import { addRole, addUser, buildTenants } from '../users/fixture.js';

const OPERATOR_GRANTS = SYSTEM_ROLE_GRANTS.operator!.grants().map((g) => `${g.permissionId}:${g.operation}`);
const USER_ADMIN = ['sys:view', 'sys:user:view', 'sys:user:add', 'sys:user:edit', 'sys:user:delete'];
/** Every role-management permission. */
export const ROLE_ADMIN = ['sys:role:view', 'sys:role:add', 'sys:role:edit', 'sys:role:delete'];

/**
 * The user-management tenants plus a role administrator in customer A1 (`a1roles`) and in customer B
 * (`broles`), a role granting something they lack (`officeA1`), and a viewer without add/edit/delete.
 */
export async function buildRoleTenants(db: Database) {
  const f = await buildTenants(db);
  const roleAdminA1 = await addRole(db, 'roleAdminA1', f.offices.a1.id, [
    ...OPERATOR_GRANTS,
    ...USER_ADMIN,
    ...ROLE_ADMIN,
  ]);
  const roleAdminB = await addRole(db, 'roleAdminB', f.offices.b.id, [...USER_ADMIN, ...ROLE_ADMIN]);
  const officeA1 = await addRole(db, 'officeA1', f.offices.a1.id, ['sys:office:edit']);
  const viewerA1 = await addRole(db, 'viewerA1', f.offices.a1.id, ['sys:role:view']);
  const ids = {
    ...f.ids,
    a1roles: await addUser(db, 'a1roles', f.offices.a1.id, [roleAdminA1], { name: 'Rita Roles' }),
    broles: await addUser(db, 'broles', f.offices.b.id, [roleAdminB], { name: 'Ben Roles' }),
    a1viewer: await addUser(db, 'a1viewer', f.offices.a1.id, [viewerA1], { name: 'Vera Viewer' }),
  };
  return { ...f, roles: { ...f.roles, roleAdminA1, roleAdminB, officeA1, viewerA1 }, ids };
}
