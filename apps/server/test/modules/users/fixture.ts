import { SYSTEM_ROLE_GRANTS } from '../../../src/modules/system/seed.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.js';
import {
  offices,
  roleGrants,
  roles,
  userRoles,
  users,
  type DataRange,
  type OfficeKind,
} from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/modules/auth/passwords.js';

/** The password of every fixture user. */
export const PASSWORD = 'Tenant#2026pass';

/** Inserts an office under `parent` (or the root) and sets its materialised path. */
export async function addOffice(
  db: Database,
  name: string,
  kind: OfficeKind,
  parent?: { id: number; path: string },
) {
  const [row] = await db
    .insert(offices)
    .values({ name, kind, parentId: parent?.id ?? null })
    .returning({ id: offices.id });
  const path = `${parent?.path ?? '/'}${row!.id}/`;
  await db.update(offices).set({ path }).where(eq(offices.id, row!.id));
  return { id: row!.id, path };
}

/** Inserts a role owned by `officeId` (null: platform-wide) with the given permission strings. */
export async function addRole(db: Database, code: string, officeId: number | null, grants: string[]) {
  const [row] = await db
    .insert(roles)
    .values({ code, name: `Role ${code}`, officeId })
    .returning({ id: roles.id });
  const values = grants.map((g) => {
    const at = g.lastIndexOf(':');
    return { roleId: row!.id, permissionId: g.slice(0, at), operation: g.slice(at + 1) };
  });
  if (values.length) await db.insert(roleGrants).values(values);
  return row!.id;
}

/** Inserts a user in an office with roles (by id). */
export async function addUser(
  db: Database,
  loginName: string,
  officeId: number,
  roleIds: number[],
  extra: { name?: string; dataRange?: DataRange; email?: string; phone?: string; enabled?: boolean } = {},
) {
  const [row] = await db
    .insert(users)
    .values({
      officeId,
      loginName,
      name: extra.name ?? loginName,
      email: extra.email ?? null,
      phone: extra.phone ?? null,
      dataRange: extra.dataRange ?? 'all',
      enabled: extra.enabled ?? true,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
  return row!.id;
}

/** The id of a seeded role. */
export async function roleId(db: Database, code: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  return row!.id;
}

const OPERATOR_GRANTS = SYSTEM_ROLE_GRANTS.operator!.grants().map((g) => `${g.permissionId}:${g.operation}`);
const USER_ADMIN = ['sys:view', 'sys:user:view', 'sys:user:add', 'sys:user:edit', 'sys:user:delete'];

/**
 * The platform office with agent A → customer A1, and customer B directly under the platform; each
 * customer has a tenant-administrator role (operator grants + sys:user:*) and users.
 */
export async function buildTenants(db: Database) {
  const [platformRow] = await db.select().from(offices).where(eq(offices.kind, 'platform'));
  const platform = { id: platformRow!.id, path: platformRow!.path };
  const agentA = await addOffice(db, 'Agent A', 'agent', platform);
  const a1 = await addOffice(db, 'Customer A1', 'customer', agentA);
  const a1Shop = await addOffice(db, 'A1 shop', 'office', a1);
  const b = await addOffice(db, 'Customer B', 'customer', platform);
  const operator = await roleId(db, 'operator');
  const superAdmin = await roleId(db, 'superAdmin');
  const adminA1 = await addRole(db, 'adminA1', a1.id, [...OPERATOR_GRANTS, ...USER_ADMIN]);
  const powerA1 = await addRole(db, 'powerA1', a1.id, ['sys:role:view']);
  const adminB = await addRole(db, 'adminB', b.id, [...OPERATOR_GRANTS, ...USER_ADMIN]);
  const ids = {
    a1admin: await addUser(db, 'a1admin', a1.id, [adminA1], { name: 'Alice Admin' }),
    a1op: await addUser(db, 'a1op', a1.id, [operator], { name: 'Oscar 100%_Op', email: 'oscar@a1.test' }),
    a1shop: await addUser(db, 'a1shop', a1Shop.id, [operator], { name: 'Sally Shop', phone: '+49 123 456' }),
    bAdmin: await addUser(db, 'badmin', b.id, [adminB], { name: 'Bob Admin' }),
    bOp: await addUser(db, 'bop', b.id, [operator], { name: 'Betty Op', email: 'betty@b.test' }),
  };
  return {
    offices: { platform, agentA, a1, a1Shop, b },
    roles: { operator, superAdmin, adminA1, powerA1, adminB },
    ids,
  };
}
