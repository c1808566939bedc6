import { PERMISSIONS } from '@apm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants, roles, userRoles } from '../../../src/db/schema/index.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { countRows } from '../../helpers/rows.js';
import { PASSWORD } from '../users/fixture.js';
import { buildRoleTenants } from './fixture.js';

const BASE = '/apm-web/a/api/role';

describe('role management', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildRoleTenants>>;
  let admin: string;
  let a1roles: string;
  let a1admin: string;
  let a1viewer: string;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await buildRoleTenants(t.db);
    admin = await login(t.app);
    a1roles = await login(t.app, 'a1roles', PASSWORD);
    a1admin = await login(t.app, 'a1admin', PASSWORD);
    a1viewer = await login(t.app, 'a1viewer', PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = a1roles) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers: { cookie } });
  const post = (url: string, payload: object, cookie = a1roles) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { cookie } });
  const codes = (res: { json(): { data: { list: { code: string }[] } } }) =>
    res.json().data.list.map((r) => r.code);
  const grantsOf = async (roleId: number) =>
    (await t.db.select().from(roleGrants).where(eq(roleGrants.roleId, roleId)))
      .map((g) => `${g.permissionId}:${g.operation}`)
      .sort();
  const roleRow = async (id: number) => (await t.db.select().from(roles).where(eq(roles.id, id)))[0];
  const membersOf = async (id: number) =>
    (await t.db.select().from(userRoles).where(eq(userRoles.roleId, id))).map((r) => r.userId).sort();

  describe('list', () => {
    it('shows system roles and the caller’s tenant roles, never another tenant’s', async () => {
      const res = await get('list?pageSize=100&sortField=code&sortOrder=asc');
      expect(res.statusCode, res.body).toBe(200);
      expect(codes(res)).toEqual([
        'adminA1',
        'auditor',
        'officeA1',
        'operator',
        'powerA1',
        'roleAdminA1',
        'superAdmin',
        'viewerA1',
      ]);
      const b = await get('list?pageSize=100', await login(t.app, 'broles', PASSWORD));
      expect(codes(b).sort()).toEqual(['adminB', 'auditor', 'operator', 'roleAdminB', 'superAdmin']);
      // The platform super administrator sees every role.
      expect((await get('list?pageSize=100', admin)).json().data.count).toBe(10);
    });

    it('searches by name and code, sorts by member count and pages on the server', async () => {
      const byName = await get('list?name=role%20admin');
      expect(codes(byName).sort()).toEqual(['adminA1']);
      expect(codes(await get('list?code=ADMINa1'))).toEqual(['roleAdminA1', 'adminA1']);
      expect(codes(await get('list?name=%25'))).toEqual([]);
      const sorted = (await get('list?sortField=userCount&sortOrder=desc&pageSize=2')).json().data;
      expect(sorted.count).toBe(8);
      expect(sorted.pageSize).toBe(2);
      // Only members in the caller's data range count: a1op and a1shop, not customer B's operator.
      expect(sorted.list[0]).toMatchObject({ code: 'operator', userCount: 2, isSystem: true });
      const page2 = (await get('list?sortField=name&sortOrder=asc&pageNo=2&pageSize=3')).json().data;
      expect(page2.list).toHaveLength(3);
      expect(page2.pageNo).toBe(2);
      const own = (await get('list?code=roleAdminA1')).json().data.list[0];
      expect(own).toMatchObject({ officeId: f.offices.a1.id, officeName: 'Customer A1', editable: true });
      const sys = (await get('list?code=operator')).json().data.list[0];
      expect(sys.editable).toBe(false);
    });

    it('rejects bad query parameters naming them', async () => {
      for (const q of ['pageNo=0', 'pageSize=501', 'sortField=password', 'sortOrder=up', 'pageNo=x']) {
        const res = await get(`list?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().msg, q).toContain(q.split('=')[0]);
      }
    });
  });

  describe('permission tree and detail', () => {
    it('answers the catalogue as groups of pages, marking only what the caller holds as grantable', async () => {
      const tree = (await get('permissionTree')).json().data;
      const sys = tree.find((n: { id: string }) => n.id === 'sys');
      expect(sys.name).toBe('System management');
      const role = sys.children.find((n: { id: string }) => n.id === 'sys:role');
      expect(role.operations).toEqual(
        ['view', 'add', 'edit', 'delete'].map((op) => ({
          key: `sys:role:${op}`,
          operation: op,
          grantable: true,
        })),
      );
      const office = sys.children.find((n: { id: string }) => n.id === 'sys:office');
      expect(office.operations.every((o: { grantable: boolean }) => !o.grantable)).toBe(true);
      const count = tree.reduce((n: number, g: { children: unknown[] }) => n + 1 + g.children.length, 0);
      expect(count).toBe(PERMISSIONS.length);
      const all = (await get('permissionTree', admin)).json().data;
      expect(JSON.stringify(all)).not.toContain('"grantable":false');
    });

    it('answers a role with its grants; 404 for another tenant’s role, 400 for a bad id', async () => {
      const res = await get(`detail?id=${f.roles.viewerA1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ code: 'viewerA1', grants: ['sys:role:view'], userCount: 1 });
      expect((await get(`detail?id=${f.roles.adminB}`)).statusCode).toBe(404);
      expect((await get('detail?id=0')).statusCode).toBe(400);
      expect((await get('detail')).statusCode).toBe(400);
    });
  });

  describe('save', () => {
    it('creates a role owned by the caller’s tenant with a generated code, then edits it', async () => {
      const res = await post('save', {
        name: ' Shop staff ',
        remarks: 'Front desk',
        grants: 'sys:user:view,sys:role:view',
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id;
      const row = await roleRow(id);
      expect(row).toMatchObject({ name: 'Shop staff', remarks: 'Front desk', officeId: f.offices.a1.id });
      expect(row!.code).toMatch(/^role_[0-9a-f]{10}$/);
      expect(await grantsOf(id)).toEqual(['sys:role:view', 'sys:user:view']);
      const edit = await post('save', {
        id,
        name: 'Shop staff 2',
        code: 'shopStaff',
        grants: ['sys:user:view', 'sys:user:edit'],
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await roleRow(id)).toMatchObject({ name: 'Shop staff 2', code: 'shopStaff', remarks: null });
      expect(await grantsOf(id)).toEqual(['sys:user:edit', 'sys:user:view']);
      // Form-encoded, with repeated grants keys.
      const form = await t.app.inject({
        method: 'POST',
        url: `${BASE}/save`,
        headers: { cookie: a1roles, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Form+role&grants=sys%3Auser%3Aview&grants=home%3Aview',
      });
      expect(form.statusCode, form.body).toBe(200);
      expect(await grantsOf(form.json().data.id)).toEqual(['home:view', 'sys:user:view']);
    });

    it('refuses bad input naming the field and changes nothing', async () => {
      const n = await countRows(t.db, roles);
      const cases: [object, string][] = [
        [{ name: '' }, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(51) }, 'name'],
        [{ name: 'ok', code: '1bad code' }, 'code'],
        [{ name: 'ok', remarks: 'x'.repeat(501) }, 'remarks'],
        [{ name: 'ok', grants: 'sys:user:fly' }, 'grants'],
        [{ name: 'ok', grants: 'nothing:view' }, 'grants'],
        [{ name: 'ok', grants: [1, 2] }, 'grants'],
      ];
      for (const [body, field] of cases) {
        const res = await post('save', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().jsonObject.fields, JSON.stringify(body)).toHaveProperty(field);
      }
      const noName = await post('save', { grants: 'home:view' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().msg).toContain('name');
      const dup = await post('save', { name: 'Dup', code: 'adminA1' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().jsonObject.fields).toHaveProperty('code');
      expect(await countRows(t.db, roles)).toBe(n);
    });

    it('never grants a permission the caller does not hold (403 naming it)', async () => {
      const n = await countRows(t.db, roles);
      const res = await post('save', { name: 'Escalate', grants: 'sys:user:view,sys:office:edit' });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toContain('sys:office:edit');
      expect(res.json().jsonObject).toMatchObject({ reason: 'grantNotHeld', permission: 'sys:office:edit' });
      expect(await countRows(t.db, roles)).toBe(n);
      // Nor by editing an own role, nor editing a role that already grants more than the caller holds.
      const before = await grantsOf(f.roles.viewerA1);
      const edit = await post('save', { id: f.roles.viewerA1, name: 'Viewer', grants: 'sys:office:view' });
      expect(edit.statusCode).toBe(403);
      expect(await grantsOf(f.roles.viewerA1)).toEqual(before);
      const stronger = await post('save', { id: f.roles.officeA1, name: 'Office', grants: '' });
      expect(stronger.statusCode).toBe(403);
      expect(stronger.json().jsonObject.reason).toBe('roleNotEditable');
      expect(await grantsOf(f.roles.officeA1)).toEqual(['sys:office:edit']);
    });

    it('leaves system roles to the super administrator and never changes the super administrator role', async () => {
      const operator = f.roles.operator;
      const before = await grantsOf(operator);
      const tenant = await post('save', { id: operator, name: 'Mine', grants: 'home:view' });
      expect(tenant.statusCode).toBe(403);
      expect(await grantsOf(operator)).toEqual(before);
      expect((await roleRow(operator))!.name).toBe('Operator');
      const code = await post('save', { id: operator, name: 'Operator', code: 'op2' }, admin);
      expect(code.statusCode).toBe(400);
      expect(code.json().jsonObject.fields).toHaveProperty('code');
      const sa = await post('save', { id: f.roles.superAdmin, name: 'Root', grants: 'home:view' }, admin);
      expect(sa.statusCode).toBe(403);
      const ok = await post(
        'save',
        { id: operator, name: 'Operator', remarks: 'Runs content', grants: before },
        admin,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await roleRow(operator))!.remarks).toBe('Runs content');
      expect(await grantsOf(operator)).toEqual(before);
    });

    it('cannot see or edit another tenant’s role', async () => {
      const before = await roleRow(f.roles.adminB);
      const res = await post('save', { id: f.roles.adminB, name: 'Hacked', grants: 'home:view' });
      expect(res.statusCode).toBe(404);
      expect(await roleRow(f.roles.adminB)).toEqual(before);
    });

    it('needs sys:role:add to create and sys:role:edit to edit', async () => {
      const n = await countRows(t.db, roles);
      for (const cookie of [a1viewer, a1admin]) {
        expect((await post('save', { name: 'Nope' }, cookie)).statusCode).toBe(403);
        expect((await post('save', { id: f.roles.viewerA1, name: 'Nope' }, cookie)).statusCode).toBe(403);
      }
      const res = await post('save', { name: 'Nope' }, a1viewer);
      expect(res.json().jsonObject.permission).toBe('sys:role:add');
      expect(await countRows(t.db, roles)).toBe(n);
      expect((await roleRow(f.roles.viewerA1))!.name).toBe('Role viewerA1');
    });
  });

  describe('delete', () => {
    it('refuses system roles, roles in use and other tenants’ roles, deleting nothing', async () => {
      const spare = (await post('save', { name: 'Spare' })).json().data.id;
      const n = await countRows(t.db, roles);
      const system = await post('delete', { ids: `${spare},${f.roles.operator}` }, admin);
      expect(system.statusCode).toBe(400);
      expect(system.json().msg).toContain('Operator');
      const inUse = await post('delete', { ids: `${spare},${f.roles.viewerA1}` });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().msg).toBe(
        'The role "Role viewerA1" is still assigned to 1 user(s); remove them first',
      );
      expect(inUse.json().jsonObject).toMatchObject({ reason: 'roleInUse', userCount: 1 });
      const other = await post('delete', { ids: `${spare},${f.roles.adminB}` });
      expect(other.statusCode).toBe(404);
      expect(await countRows(t.db, roles)).toBe(n);
      for (const ids of ['', 'x', '0', '1,,2']) {
        const bad = await post('delete', { ids });
        expect(bad.statusCode, ids).toBe(400);
        expect(bad.json().msg, ids).toContain('ids');
      }
      expect((await post('delete', { ids: `${spare}` }, a1viewer)).statusCode).toBe(403);
      expect(await countRows(t.db, roles)).toBe(n);
      const done = await post('delete', { ids: `${spare}` });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.deleted).toBe(1);
      expect(await roleRow(spare)).toBeUndefined();
    });
  });

  describe('members', () => {
    it('assigns, lists and removes users; the member’s next request sees the change', async () => {
      const id = (await post('save', { name: 'Role viewers', grants: 'sys:role:view' })).json().data.id;
      const a1op = await login(t.app, 'a1op', PASSWORD);
      expect((await get('list', a1op)).statusCode).toBe(403);
      const add = await post('assignUsers', { roleId: id, userIds: `${f.ids.a1op},${f.ids.a1shop}` });
      expect(add.statusCode, add.body).toBe(200);
      expect(add.json().data.added).toBe(2);
      expect((await post('assignUsers', { roleId: id, userIds: [f.ids.a1op] })).json().data.added).toBe(0);
      expect((await get('list', a1op)).statusCode).toBe(200);
      const members = (await get(`members?id=${id}&pageSize=1`)).json().data;
      expect(members).toMatchObject({ count: 2, pageSize: 1 });
      expect(members.list[0]).toMatchObject({ loginName: 'a1op', officeName: 'Customer A1' });
      expect((await get(`members?id=${id}&name=sally`)).json().data.list[0].loginName).toBe('a1shop');
      const rm = await post('removeUsers', { roleId: id, userIds: [f.ids.a1op] });
      expect(rm.json().data.removed).toBe(1);
      expect((await get('list', a1op)).statusCode).toBe(403);
      expect(await membersOf(id)).toEqual([f.ids.a1shop]);
    });

    it('refuses users of another tenant, roles of another tenant and roles granting more, changing nothing', async () => {
      const id = (await post('save', { name: 'Helpers', grants: 'home:view' })).json().data.id;
      const n = await countRows(t.db, userRoles);
      const cross = await post('assignUsers', { roleId: id, userIds: `${f.ids.a1op},${f.ids.bOp}` });
      expect(cross.statusCode).toBe(404);
      expect(cross.json().msg).toContain('No such user');
      const otherRole = await post('assignUsers', { roleId: f.roles.adminB, userIds: `${f.ids.a1op}` });
      expect(otherRole.statusCode).toBe(404);
      const stronger = await post('assignUsers', { roleId: f.roles.officeA1, userIds: `${f.ids.a1op}` });
      expect(stronger.statusCode).toBe(403);
      expect(stronger.json().jsonObject.reason).toBe('roleNotAssignable');
      const superAdmin = await post('assignUsers', { roleId: f.roles.superAdmin, userIds: `${f.ids.a1op}` });
      expect(superAdmin.statusCode).toBe(403);
      expect(
        (await post('removeUsers', { roleId: f.roles.adminB, userIds: `${f.ids.bAdmin}` })).statusCode,
      ).toBe(404);
      expect(
        (await post('removeUsers', { roleId: f.roles.officeA1, userIds: `${f.ids.a1op}` })).statusCode,
      ).toBe(403);
      expect((await get(`members?id=${f.roles.adminB}`)).statusCode).toBe(404);
      // System roles' members are only the caller's own users.
      const op = (await get(`members?id=${f.roles.operator}&pageSize=50`)).json().data;
      expect(op.list.map((u: { loginName: string }) => u.loginName).sort()).toEqual(['a1op', 'a1shop']);
      expect(await countRows(t.db, userRoles)).toBe(n);
    });

    it('rejects bad input and callers without sys:role:edit', async () => {
      const n = await countRows(t.db, userRoles);
      for (const body of [
        { roleId: f.roles.viewerA1 },
        { roleId: f.roles.viewerA1, userIds: '' },
        { roleId: f.roles.viewerA1, userIds: [] },
        { roleId: f.roles.viewerA1, userIds: 'a,b' },
        { roleId: f.roles.viewerA1, userIds: { x: 1 } },
        { roleId: 'x', userIds: '1' },
        { userIds: `${f.ids.a1op}` },
      ]) {
        for (const url of ['assignUsers', 'removeUsers']) {
          const res = await post(url, body);
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        }
      }
      const missing = await post(
        'assignUsers',
        { roleId: f.roles.viewerA1, userIds: `${f.ids.a1op}` },
        a1viewer,
      );
      expect(missing.statusCode).toBe(403);
      expect(missing.json().jsonObject.permission).toBe('sys:role:edit');
      expect((await get(`members?id=${f.roles.viewerA1}`, a1admin)).statusCode).toBe(403);
      expect((await get('members?id=0')).statusCode).toBe(400);
      expect(await countRows(t.db, userRoles)).toBe(n);
    });
  });

  it('refuses every call without a session and without the permissions', async () => {
    for (const url of [
      'list',
      'permissionTree',
      `detail?id=${f.roles.viewerA1}`,
      `members?id=${f.roles.viewerA1}`,
    ]) {
      expect((await get(url, a1admin)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/${url}` })).statusCode, url).toBe(401);
    }
    expect((await post('delete', { ids: `${f.roles.viewerA1}` }, a1admin)).statusCode).toBe(403);
  });
});
