import { ROLE_LIMITS, SystemRoles, findPermission, splitPermission } from '@apm/contract';
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { roleGrants, roles, userRoles } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { RoleQueries, isSuperAdmin, type RoleRow } from './role-queries.js';

/** What POST /a/api/role/save takes. */
export interface RoleSaveInput {
  id?: number;
  name: string;
  code?: string;
  remarks?: string | null;
  grants: string[];
}

const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{1,49}$/;

/** Whether a database error is a unique-constraint violation. */
const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

const codeTaken = (code: string) =>
  new AppError(409, `code ${code} is already taken`, 'codeTaken', {
    fields: { code: `code ${code} is already taken` },
  });

/** Grants as permission strings: an array or a comma-joined list; 400 naming `grants` otherwise. */
export function parseGrants(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items =
    typeof raw === 'string'
      ? raw.split(',')
      : Array.isArray(raw) && raw.every((v) => typeof v === 'string')
        ? (raw as string[]).flatMap((v) => v.split(','))
        : null;
  if (!items) throw fieldError(400, 'grants', 'grants must be a list of permission strings');
  const grants = [...new Set(items.map((g) => g.trim()).filter(Boolean))];
  const unknown = grants.filter((g) => {
    const { id, operation } = splitPermission(g);
    return !g.includes(':') || !findPermission(id)?.operations.includes(operation as never);
  });
  if (unknown.length) {
    throw fieldError(400, 'grants', `grants: no such permission (${unknown.slice(0, 5).join(', ')})`);
  }
  return grants.sort();
}

/**
 * Role management: roles, their permission grants and members. Every call is limited to the roles
 * the caller may see (platform-wide ones and those of their tenant), and a caller never grants or
 * hands out a permission they do not hold themselves. System roles are never deleted; only a super
 * administrator edits them (their code stays), and the super administrator role never changes.
 */
export class RoleService extends RoleQueries {
  /** Creates (no id; `sys:role:add`) or edits (`sys:role:edit`) a role; answers its id. */
  async save(auth: AuthContext, input: RoleSaveInput): Promise<{ id: number }> {
    const creating = input.id === undefined;
    requirePermission(auth, creating ? 'sys:role:add' : 'sys:role:edit');
    const errors: Record<string, string> = {};
    const name = input.name.trim();
    if (!name || name.length > ROLE_LIMITS.name)
      errors.name = `name must be 1–${ROLE_LIMITS.name} characters`;
    const code = input.code?.trim() || undefined;
    if (code !== undefined && !CODE_PATTERN.test(code)) {
      errors.code = 'code must be 2–50 letters, digits or _ . - and start with a letter';
    }
    const remarks = input.remarks?.trim() || null;
    if (remarks && remarks.length > ROLE_LIMITS.remarks) {
      errors.remarks = `remarks may have at most ${ROLE_LIMITS.remarks} characters`;
    }
    if (Object.keys(errors).length) {
      throw new AppError(400, Object.values(errors).join('; '), 'validation', { fields: errors });
    }
    const target = creating ? null : await this.roleInScope(auth, input.id!);
    if (target) this.assertEditable(auth, target);
    if (target?.isSystem && code !== undefined && code !== target.code) {
      throw fieldError(400, 'code', 'code: the code of a system role cannot change');
    }
    const lacking = input.grants.find((g) => !auth.permissions.has(g));
    if (lacking) {
      const { id, operation } = splitPermission(lacking);
      throw forbidden(
        `You cannot grant ${lacking} (${findPermission(id)?.name ?? id}: ${operation}): you do not hold it`,
        'grantNotHeld',
        { permission: lacking, fields: { grants: `You cannot grant ${lacking}: you do not hold it` } },
      );
    }
    const finalCode = code ?? target?.code ?? (await this.newCode());
    const [dup] = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.code, finalCode), target ? ne(roles.id, target.id) : undefined));
    if (dup) throw codeTaken(finalCode);
    const grantRows = (roleId: number) =>
      input.grants.map((g) => {
        const { id, operation } = splitPermission(g);
        return { roleId, permissionId: id, operation };
      });
    try {
      return await this.db.transaction(async (tx) => {
        let roleId: number;
        if (target) {
          await tx.update(roles).set({ name, code: finalCode, remarks }).where(eq(roles.id, target.id));
          await tx.delete(roleGrants).where(eq(roleGrants.roleId, target.id));
          roleId = target.id;
        } else {
          const [row] = await tx
            .insert(roles)
            .values({ name, code: finalCode, remarks, officeId: tenantRootId(auth) })
            .returning({ id: roles.id });
          roleId = row!.id;
        }
        if (input.grants.length) await tx.insert(roleGrants).values(grantRows(roleId));
        return { id: roleId };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(finalCode);
      throw err;
    }
  }

  /** Deletes roles (all or none): never system roles, never roles still held by users. */
  async delete(auth: AuthContext, ids: number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const targets = await this.rolesInScope(auth, ids, tx);
      const system = targets.find((r) => r.isSystem);
      if (system) {
        throw fieldError(400, 'id', `The system role "${system.name}" cannot be deleted`, 'systemRole');
      }
      for (const role of targets) this.assertEditable(auth, role);
      const held = await tx
        .select({ roleId: userRoles.roleId, n: count() })
        .from(userRoles)
        .where(inArray(userRoles.roleId, ids))
        .groupBy(userRoles.roleId);
      if (held.length) {
        const first = targets.find((r) => r.id === held[0]!.roleId)!;
        const users = held.reduce((sum, h) => sum + h.n, 0);
        throw new AppError(
          409,
          `The role "${first.name}" is still assigned to ${held[0]!.n} user(s); remove them first`,
          'roleInUse',
          { roleId: first.id, userCount: held[0]!.n, totalUsers: users },
        );
      }
      const rows = await tx.delete(roles).where(inArray(roles.id, ids)).returning({ id: roles.id });
      return rows.length;
    });
  }

  /** Gives a role to users in the caller's data range; answers how many did not hold it yet. */
  async assignUsers(auth: AuthContext, roleId: number, userIds: number[]): Promise<number> {
    const role = await this.roleInScope(auth, roleId);
    const targets = await this.access.usersInScope(auth, userIds);
    for (const user of targets) {
      if (!this.access.canAssign(auth, role, user.officePath)) {
        throw forbidden(
          `You cannot assign the role "${role.name}" to ${user.loginName}`,
          'roleNotAssignable',
          {
            role: role.code,
            userId: user.id,
          },
        );
      }
      await this.access.assertCanManage(auth, user);
    }
    const added = await this.db
      .insert(userRoles)
      .values(userIds.map((userId) => ({ userId, roleId })))
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    return added.length;
  }

  /** Takes a role from users in the caller's data range; answers how many held it. */
  async removeUsers(auth: AuthContext, roleId: number, userIds: number[]): Promise<number> {
    const role = await this.roleInScope(auth, roleId);
    return this.db.transaction(async (tx) => {
      if (!this.access.canAssign(auth, role)) {
        throw forbidden(`You cannot manage the role "${role.name}"`, 'roleNotAssignable', {
          role: role.code,
        });
      }
      const targets = await this.access.usersInScope(auth, userIds, tx);
      for (const user of targets) await this.access.assertCanManage(auth, user, tx);
      if (role.code === SystemRoles.superAdmin) await this.access.assertSuperAdminsRemain(userIds, tx);
      const removed = await tx
        .delete(userRoles)
        .where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, userIds)))
        .returning({ userId: userRoles.userId });
      return removed.length;
    });
  }

  /** 403 when the caller may not change the role (see {@link RoleQueries.canEdit}). */
  private assertEditable(auth: AuthContext, role: RoleRow): void {
    if (this.canEdit(auth, role)) return;
    const why =
      role.code === SystemRoles.superAdmin
        ? 'the super administrator role always grants everything'
        : role.isSystem && !isSuperAdmin(auth)
          ? 'only a super administrator changes system roles'
          : 'it grants permissions you do not hold';
    throw forbidden(`You cannot change the role "${role.name}": ${why}`, 'roleNotEditable', {
      roleId: role.id,
    });
  }

  /** A fresh role code, e.g. `role_k3x9a2f1`. */
  private async newCode(): Promise<string> {
    for (;;) {
      const code = `role_${randomBytes(5).toString('hex')}`;
      const [taken] = await this.db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
      if (!taken) return code;
    }
  }
}

/** The id of the caller's tenant root office (the last id of its path): new roles belong to it. */
function tenantRootId(auth: AuthContext): number {
  const ids = auth.tenantPath.split('/').filter(Boolean);
  return Number(ids[ids.length - 1]);
}
