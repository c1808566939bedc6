import {
  PERMISSIONS,
  SystemRoles,
  type PermissionNode,
  type PermissionOperationNode,
  type RoleItem,
  type RoleMember,
  type RoleSortField,
} from '@apm/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, roleGrants, roles, userRoles, users } from '../../db/schema/index.js';
import { dataScope, isInTenant, officesUnder } from '../../lib/data-scope.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { UserAccess } from '../users/user-access.js';

/** Filters, sort and page of the role list. */
export interface RoleListQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  code?: string;
  sortField?: RoleSortField;
  sortOrder?: 'asc' | 'desc';
}

/** A role row with what the checks need. */
export interface RoleRow {
  id: number;
  code: string;
  name: string;
  remarks: string | null;
  isSystem: boolean;
  officeId: number | null;
  officeName: string | null;
  officePath: string | null;
  createdAt: Date;
  grants: string[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Number of users in the caller's data range holding the role of the current row. */
const memberCount = (auth: AuthContext) =>
  sql<number>`(select count(*) from ${userRoles} inner join ${users} on ${users.id} = ${userRoles.userId} where ${userRoles.roleId} = ${roles.id} and ${dataScope(auth, users.officeId, users.id)})`
    .mapWith(Number)
    .as('user_count');

/** Whether the caller is a super administrator (the only one who may edit system roles). */
export const isSuperAdmin = (auth: AuthContext) => auth.roleCodes.includes(SystemRoles.superAdmin);

/** The read side of role management: every query limited to the roles the caller may see. */
export class RoleQueries {
  readonly access: UserAccess;

  constructor(protected readonly db: Database) {
    this.access = new UserAccess(db);
  }

  /** Roles the caller may see: platform-wide (system) roles and those owned within their tenant. */
  visible(auth: AuthContext): SQL {
    return or(isNull(roles.officeId), officesUnder(roles.officeId, auth.tenantPath))!;
  }

  /**
   * Whether the caller may change a role: never the super administrator role (it always grants
   * everything); other system roles only a super administrator; tenant roles when the caller holds
   * every grant of them (editing must not hand out what the caller lacks).
   */
  canEdit(auth: AuthContext, role: Pick<RoleRow, 'code' | 'isSystem' | 'officePath' | 'grants'>): boolean {
    if (role.code === SystemRoles.superAdmin) return false;
    if (role.isSystem) return isSuperAdmin(auth);
    if (!role.officePath || !isInTenant(auth, role.officePath)) return false;
    return role.grants.every((g) => auth.permissions.has(g));
  }

  /** One page of the roles the caller may see, searched, sorted, counted and paged in SQL. */
  async list(auth: AuthContext, q: RoleListQuery) {
    const conds: (SQL | undefined)[] = [this.visible(auth)];
    const name = q.name?.trim();
    if (name) conds.push(ilike(roles.name, `%${escapeLike(name)}%`));
    const code = q.code?.trim();
    if (code) conds.push(ilike(roles.code, `%${escapeLike(code)}%`));
    const where = and(...conds);
    const [total] = await this.db.select({ n: count() }).from(roles).where(where);
    const order = q.sortOrder === 'asc' ? asc : desc;
    const sortField = q.sortField ?? 'createdAt';
    const column =
      sortField === 'userCount'
        ? sql`user_count`
        : { name: roles.name, code: roles.code, createdAt: roles.createdAt }[sortField];
    const rows = await this.db
      .select({
        id: roles.id,
        code: roles.code,
        name: roles.name,
        remarks: roles.remarks,
        isSystem: roles.isSystem,
        officeId: roles.officeId,
        officeName: offices.name,
        officePath: offices.path,
        createdAt: roles.createdAt,
        userCount: memberCount(auth),
      })
      .from(roles)
      .leftJoin(offices, eq(offices.id, roles.officeId))
      .where(where)
      .orderBy(order(column), order(roles.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const grants = await this.grantsOf(rows.map((r) => r.id));
    const list: RoleItem[] = rows.map(({ officePath, createdAt, ...r }) => ({
      ...r,
      editable: this.canEdit(auth, { ...r, officePath, grants: grants.get(r.id) ?? [] }),
      createdAt: createdAt.toISOString(),
    }));
    return { list, count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** Grants of each of the given roles. */
  async grantsOf(roleIds: number[], db = this.db): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (!roleIds.length) return map;
    const rows = await db
      .select({ roleId: roleGrants.roleId, id: roleGrants.permissionId, op: roleGrants.operation })
      .from(roleGrants)
      .where(inArray(roleGrants.roleId, roleIds));
    for (const r of rows) {
      if (!map.has(r.roleId)) map.set(r.roleId, []);
      map.get(r.roleId)!.push(`${r.id}:${r.op}`);
    }
    return map;
  }

  /** The roles among `ids` the caller may see, with grants; 404 naming the others. */
  async rolesInScope(auth: AuthContext, ids: readonly number[], db = this.db): Promise<RoleRow[]> {
    const rows = await db
      .select({
        id: roles.id,
        code: roles.code,
        name: roles.name,
        remarks: roles.remarks,
        isSystem: roles.isSystem,
        officeId: roles.officeId,
        officeName: offices.name,
        officePath: offices.path,
        createdAt: roles.createdAt,
      })
      .from(roles)
      .leftJoin(offices, eq(offices.id, roles.officeId))
      .where(and(inArray(roles.id, [...ids]), this.visible(auth)));
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) {
      throw new AppError(404, `No such role: ${missing.join(', ')}`, 'notFound', { ids: missing });
    }
    const grants = await this.grantsOf([...ids], db);
    return rows.map((r) => ({ ...r, grants: (grants.get(r.id) ?? []).sort() }));
  }

  /** One role the caller may see, or 404. */
  async roleInScope(auth: AuthContext, id: number, db = this.db): Promise<RoleRow> {
    return (await this.rolesInScope(auth, [id], db))[0]!;
  }

  /** A role with its grants, for the edit form. */
  async detail(auth: AuthContext, id: number) {
    const role = await this.roleInScope(auth, id);
    const [members] = await this.db
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, id), dataScope(auth, users.officeId, users.id)));
    const { officePath: _path, createdAt, ...rest } = role;
    return {
      ...rest,
      userCount: members?.n ?? 0,
      editable: this.canEdit(auth, role),
      createdAt: createdAt.toISOString(),
    };
  }

  /** One page of the users holding a role, limited to the caller's data range. */
  async members(auth: AuthContext, roleId: number, pageNo: number, pageSize: number, name?: string) {
    await this.roleInScope(auth, roleId);
    const conds: (SQL | undefined)[] = [
      eq(userRoles.roleId, roleId),
      dataScope(auth, users.officeId, users.id),
      officesUnder(users.officeId, auth.tenantPath),
    ];
    const search = name?.trim();
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      conds.push(or(ilike(users.name, pattern), ilike(users.loginName, pattern)));
    }
    const where = and(...conds);
    const [total] = await this.db
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(where);
    const list: RoleMember[] = await this.db
      .select({
        id: users.id,
        loginName: users.loginName,
        name: users.name,
        officeId: users.officeId,
        officeName: offices.name,
        enabled: users.enabled,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(where)
      .orderBy(asc(users.loginName), asc(users.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    return { list, count: total?.n ?? 0, pageNo, pageSize };
  }

  /** The permission catalogue as a tree (group → pages → operations), marking what the caller holds. */
  permissionTree(auth: AuthContext): PermissionNode[] {
    const ops = (id: string, operations: readonly string[]): PermissionOperationNode[] =>
      operations.map((operation) => {
        const key = `${id}:${operation}`;
        return { key, operation, grantable: auth.permissions.has(key) };
      });
    return PERMISSIONS.filter((p) => !p.parent).map((group) => ({
      id: group.id,
      name: group.name,
      operations: ops(group.id, group.operations),
      children: PERMISSIONS.filter((p) => p.parent === group.id).map((p) => ({
        id: p.id,
        name: p.name,
        operations: ops(p.id, p.operations),
      })),
    }));
  }
}
