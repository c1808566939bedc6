import { SystemRoles, findPermission, splitPermission } from '@apm/contract';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, roleGrants, roles, userRoles, users, type DataRange } from '../../db/schema/index.js';
import { dataScope, isInTenant, officesUnder } from '../../lib/data-scope.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';

/** How wide each data range is: a caller never hands out a wider one than their own. */
export const RANGE_RANK: Record<DataRange, number> = { all: 3, officeAndBelow: 2, office: 1, self: 0 };

/** A role as user management shows it. */
export interface RoleRef {
  id: number;
  code: string;
  name: string;
}

/** A role with what deciding whether it may be assigned needs. */
export interface RoleInfo extends RoleRef {
  officeId: number | null;
  /** Path of the owning office; null for platform-wide roles. */
  officePath: string | null;
  /** Permission strings `<id>:<operation>` the role grants. */
  grants: string[];
}

/** A user the caller may see, with what the checks need. */
export interface ScopedUser {
  id: number;
  loginName: string;
  officeId: number;
  officePath: string;
  enabled: boolean;
  dataRange: DataRange;
}

/** 403 like the auth plugin's, for checks a handler makes itself. */
export function requirePermission(auth: AuthContext, permission: string): void {
  if (auth.permissions.has(permission)) return;
  const { id, operation } = splitPermission(permission);
  const name = findPermission(id)?.name ?? id;
  throw forbidden('Request denied', 'noPermission', { permission, permissionName: `${name}: ${operation}` });
}

/** A 4xx naming one field. */
export const fieldError = (status: number, field: string, msg: string, reason = 'validation') =>
  new AppError(status, msg, reason, { fields: { [field]: msg } });

/** The checks behind user management: scope of users and offices, assignable roles, the last super administrator. */
export class UserAccess {
  constructor(private readonly db: Database) {}

  /** The users among `ids` the caller may see; 404 naming the others (never saying whether they exist). */
  async usersInScope(auth: AuthContext, ids: readonly number[], db = this.db): Promise<ScopedUser[]> {
    const rows = await db
      .select({
        id: users.id,
        loginName: users.loginName,
        officeId: users.officeId,
        officePath: offices.path,
        enabled: users.enabled,
        dataRange: users.dataRange,
      })
      .from(users)
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(and(inArray(users.id, [...ids]), dataScope(auth, users.officeId, users.id)));
    const found = rows.filter((r) => isInTenant(auth, r.officePath));
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) {
      throw new AppError(404, `No such user: ${missing.join(', ')}`, 'notFound', { ids: missing });
    }
    return found;
  }

  /** One user the caller may see, or 404. */
  async userInScope(auth: AuthContext, id: number, db = this.db): Promise<ScopedUser> {
    return (await this.usersInScope(auth, [id], db))[0]!;
  }

  /** An office inside the caller's tenant and data range, or 404 naming `officeId`. */
  async officeInScope(auth: AuthContext, officeId: number): Promise<{ id: number; path: string }> {
    const [row] = await this.db
      .select({ id: offices.id, path: offices.path })
      .from(offices)
      .where(and(eq(offices.id, officeId), dataScope(auth, offices.id)));
    if (!row || !isInTenant(auth, row.path)) {
      throw fieldError(
        404,
        'officeId',
        `officeId: no such office within your data range (${officeId})`,
        'notFound',
      );
    }
    return row;
  }

  /** Roles with their grants and owning office path, filtered by `where`. */
  async roles(where?: SQL): Promise<RoleInfo[]> {
    const rows = await this.db
      .select({
        id: roles.id,
        code: roles.code,
        name: roles.name,
        officeId: roles.officeId,
        officePath: offices.path,
        permissionId: roleGrants.permissionId,
        operation: roleGrants.operation,
      })
      .from(roles)
      .leftJoin(offices, eq(offices.id, roles.officeId))
      .leftJoin(roleGrants, eq(roleGrants.roleId, roles.id))
      .where(where)
      .orderBy(roles.id);
    const byId = new Map<number, RoleInfo>();
    for (const r of rows) {
      let role = byId.get(r.id);
      if (!role) {
        role = {
          id: r.id,
          code: r.code,
          name: r.name,
          officeId: r.officeId,
          officePath: r.officePath,
          grants: [],
        };
        byId.set(r.id, role);
      }
      if (r.permissionId && r.operation) role.grants.push(`${r.permissionId}:${r.operation}`);
    }
    return [...byId.values()];
  }

  /** Platform-wide roles and those owned by an office of the caller's tenant (among `ids` when given). */
  candidateRoles(auth: AuthContext, ids?: readonly number[]): Promise<RoleInfo[]> {
    const visible = or(isNull(roles.officeId), officesUnder(roles.officeId, auth.tenantPath));
    if (ids === undefined) return this.roles(visible);
    return this.roles(ids.length ? and(inArray(roles.id, [...ids]), visible) : sql`false`);
  }

  /** Role ids a user holds. */
  async roleIdsOf(userId: number, db = this.db): Promise<number[]> {
    const rows = await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return rows.map((r) => r.id);
  }

  /**
   * Whether the caller may hand a role out (to a user of the office at `targetPath`): the caller holds every
   * grant of it, it is platform-wide or owned within their tenant (and above the target's office), and the
   * super administrator role only goes from a super administrator.
   */
  canAssign(auth: AuthContext, role: RoleInfo, targetPath?: string): boolean {
    if (role.code === SystemRoles.superAdmin && !auth.roleCodes.includes(SystemRoles.superAdmin))
      return false;
    if (!fitsOffice(auth, role, targetPath)) return false;
    return role.grants.every((g) => auth.permissions.has(g));
  }

  /**
   * Refuses to act on another user who holds a permission the caller lacks: resetting their password or
   * changing them would hand the caller what they do not hold.
   */
  async assertCanManage(auth: AuthContext, target: ScopedUser, db = this.db): Promise<void> {
    if (target.id === auth.userId) return;
    const rows = await db
      .select({ code: roles.code, permissionId: roleGrants.permissionId, operation: roleGrants.operation })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .leftJoin(roleGrants, eq(roleGrants.roleId, roles.id))
      .where(eq(userRoles.userId, target.id));
    const callerIsSuper = auth.roleCodes.includes(SystemRoles.superAdmin);
    const lacking = rows.find(
      (r) =>
        (r.code === SystemRoles.superAdmin && !callerIsSuper) ||
        (r.permissionId && !auth.permissions.has(`${r.permissionId}:${r.operation}`)),
    );
    if (lacking) {
      throw forbidden(
        `You cannot manage user ${target.loginName}: they hold permissions you do not`,
        'userOutranksCaller',
        { userId: target.id },
      );
    }
  }

  /**
   * 409 when the change would leave no enabled super administrator: `leaving` are the users who stop
   * being one (deleted, disabled or losing the role).
   */
  async assertSuperAdminsRemain(leaving: readonly number[], db = this.db): Promise<void> {
    const holders = await this.superAdmins(db);
    const going = holders.filter((h) => leaving.includes(h.id));
    if (going.length && going.length === holders.length) {
      throw conflict(
        `${going[0]!.loginName} is the last enabled super administrator; keep at least one`,
        'lastSuperAdmin',
      );
    }
  }

  /** 409 naming `dataRange` when the user is the last enabled super administrator: they keep `all`. */
  async assertLastSuperAdminKeepsAll(userId: number, db = this.db): Promise<void> {
    const holders = await this.superAdmins(db);
    if (holders.length !== 1 || holders[0]!.id !== userId) return;
    throw fieldError(
      409,
      'dataRange',
      `dataRange: ${holders[0]!.loginName} is the last enabled super administrator and keeps the range all`,
      'lastSuperAdminRange',
    );
  }

  /** The enabled holders of the super administrator role. */
  private superAdmins(db: Database): Promise<{ id: number; loginName: string }[]> {
    return db
      .select({ id: users.id, loginName: users.loginName })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.code, SystemRoles.superAdmin), eq(users.enabled, true)));
  }
}

/** A tenant-owned role goes only to users at or below its office, and only within the caller's tenant. */
export function fitsOffice(auth: AuthContext, role: RoleInfo, targetPath?: string): boolean {
  if (role.officeId === null) return true;
  if (!role.officePath || !isInTenant(auth, role.officePath)) return false;
  return targetPath === undefined || targetPath.startsWith(role.officePath);
}
