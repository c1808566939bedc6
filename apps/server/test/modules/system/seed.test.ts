import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionStrings, MENU_PAGES, PERMISSIONS, SystemRoles } from '@apm/contract';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../src/db/client.js';
import { menus, permissions, roleGrants, roles, systemSettings } from '../../../src/db/schema/index.js';
import { seedCatalogue } from '../../../src/modules/system/seed.js';
import { openTestDatabase } from '../../helpers/database.js';
import { countRows } from '../../helpers/rows.js';

describe('seedCatalogue', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedCatalogue(handle.db);
  });
  afterAll(() => handle.close());

  const grantsOf = async (code: string) => {
    const rows = await handle.db
      .select({ id: roleGrants.permissionId, op: roleGrants.operation })
      .from(roleGrants)
      .innerJoin(roles, eq(roles.id, roleGrants.roleId))
      .where(eq(roles.code, code));
    return rows.map((r) => `${r.id}:${r.op}`).sort();
  };
  const snapshot = async () => ({
    permissions: await handle.db.select().from(permissions).orderBy(permissions.id),
    roles: await handle.db.select({ id: roles.id, code: roles.code }).from(roles).orderBy(roles.id),
    grants: await countRows(handle.db, roleGrants),
    menus: await handle.db.select().from(menus).orderBy(menus.id),
  });

  it('seeds the permission catalogue, the three system roles and every menu page', async () => {
    expect(await countRows(handle.db, permissions)).toBe(PERMISSIONS.length);
    const codes = (await handle.db.select({ code: roles.code }).from(roles)).map((r) => r.code).sort();
    expect(codes).toEqual(Object.values(SystemRoles).sort());
    expect((await handle.db.select({ key: menus.key }).from(menus)).map((m) => m.key).sort()).toEqual(
      MENU_PAGES.map((p) => p.key).sort(),
    );
  });

  it('gives superAdmin every permission string of the contract', async () => {
    expect(await grantsOf(SystemRoles.superAdmin)).toEqual(allPermissionStrings().sort());
  });

  it('keeps operators and auditors out of user and menu management', async () => {
    for (const code of [SystemRoles.operator, SystemRoles.auditor]) {
      const grants = await grantsOf(code);
      expect(grants.length).toBeGreaterThan(0);
      expect(grants.filter((g) => /^sys:(user|menu|role):/.test(g))).toEqual([]);
    }
    expect(await grantsOf(SystemRoles.auditor)).toContain('review:program:review');
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await snapshot();
    await seedCatalogue(handle.db);
    await seedCatalogue(handle.db);
    expect(await snapshot()).toEqual(before);
  });

  it('skips the work while the stored catalogue version is the current one', async () => {
    const [version] = await handle.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'catalogueVersion'));
    expect(version!.value).toMatch(/^[0-9a-f]{64}$/);
    await handle.db.update(permissions).set({ name: 'Edited' }).where(eq(permissions.id, 'home'));
    await seedCatalogue(handle.db);
    const [home] = await handle.db.select().from(permissions).where(eq(permissions.id, 'home'));
    expect(home!.name).toBe('Edited');
  });

  /** Makes the next run see a changed catalogue, as after an upgrade. */
  const forgetVersion = () =>
    handle.db.delete(systemSettings).where(eq(systemSettings.key, 'catalogueVersion'));

  it('after a catalogue change, restores superAdmin grants but leaves edited roles and menus as administrators left them', async () => {
    const [operator] = await handle.db.select().from(roles).where(eq(roles.code, SystemRoles.operator));
    const [admin] = await handle.db.select().from(roles).where(eq(roles.code, SystemRoles.superAdmin));
    await handle.db
      .delete(roleGrants)
      .where(and(eq(roleGrants.roleId, operator!.id), eq(roleGrants.permissionId, 'program:make')));
    await handle.db
      .delete(roleGrants)
      .where(and(eq(roleGrants.roleId, admin!.id), eq(roleGrants.permissionId, 'sys:user')));
    await handle.db
      .update(menus)
      .set({ names: { US: 'People' }, sort: 5 })
      .where(eq(menus.key, 'user'));
    await handle.db.delete(menus).where(eq(menus.key, 'role'));
    await forgetVersion();

    await seedCatalogue(handle.db);

    expect(await grantsOf(SystemRoles.superAdmin)).toEqual(allPermissionStrings().sort());
    expect((await grantsOf(SystemRoles.operator)).filter((g) => g.startsWith('program:make:'))).toEqual([]);
    const [user] = await handle.db.select().from(menus).where(eq(menus.key, 'user'));
    expect(user).toMatchObject({ names: { US: 'People' }, sort: 5 });
    const [role] = await handle.db.select().from(menus).where(eq(menus.key, 'role'));
    expect(role).toMatchObject({ parentKey: 'system', path: 'sys/role', permission: 'sys:role:view' });
  });

  it('after a catalogue change, drops permissions that left it (with their grants) and resets names', async () => {
    const [admin] = await handle.db.select().from(roles).where(eq(roles.code, SystemRoles.superAdmin));
    await handle.db.insert(permissions).values({ id: 'obsolete:page', name: 'Old', operations: ['view'] });
    await handle.db
      .insert(roleGrants)
      .values({ roleId: admin!.id, permissionId: 'obsolete:page', operation: 'view' });
    await handle.db.update(permissions).set({ name: 'Renamed' }).where(eq(permissions.id, 'sys:user'));
    await forgetVersion();

    await seedCatalogue(handle.db);

    expect(await handle.db.select().from(permissions).where(eq(permissions.id, 'obsolete:page'))).toEqual([]);
    expect(await grantsOf(SystemRoles.superAdmin)).toEqual(allPermissionStrings().sort());
    const [user] = await handle.db.select().from(permissions).where(eq(permissions.id, 'sys:user'));
    expect(user!.name).toBe('User management');
  });
});
