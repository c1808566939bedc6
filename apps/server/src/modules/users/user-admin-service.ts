import { SystemRoles } from '@apm/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userRoles, users, type DataRange } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { checkPasswordPolicy } from '../account/password-policy.js';
import type { LandingKey } from '../auth/landing-key.js';
import type { SettingsService } from '../settings/service.js';
import { hashPassword } from '../auth/passwords.js';
import type { AuthContext, SessionService } from '../auth/session-service.js';
import { defaultRange, loginNameTaken, validateFields } from './user-validation.js';
import { RANGE_RANK, fieldError, fitsOffice, requirePermission } from './user-access.js';
import { UserQueries } from './user-queries.js';

/** What POST /a/api/user/save takes (the password as sent, encrypted when landing encryption is on). */
export interface UserSaveInput {
  id?: number;
  loginName: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  officeId: number;
  roleIds: number[];
  dataRange?: DataRange;
  password?: string;
  enabled?: boolean;
}

/** Whether a new data range takes a user's `all` away. */
const narrows = (target: { dataRange: DataRange }, dataRange: DataRange | undefined): boolean =>
  dataRange !== undefined && dataRange !== 'all' && target.dataRange === 'all';

/** Whether a database error is a unique-constraint violation. */
const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** User management for administrators: every call scoped by the caller's tenant and data range. */
export class UserAdminService extends UserQueries {
  constructor(
    db: Database,
    private readonly landingKey: LandingKey,
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
  ) {
    super(db);
  }

  /** Creates (no id; needs `sys:user:add`) or edits (needs `sys:user:edit`) a user; answers its id. */
  async save(auth: AuthContext, input: UserSaveInput): Promise<{ id: number }> {
    const creating = input.id === undefined;
    requirePermission(auth, creating ? 'sys:user:add' : 'sys:user:edit');
    const fields = validateFields(input, creating);
    const target = creating ? null : await this.access.userInScope(auth, input.id!);
    if (target) await this.access.assertCanManage(auth, target);
    const office = await this.access.officeInScope(auth, input.officeId);
    if (input.dataRange && input.dataRange !== target?.dataRange)
      this.assertRange(auth, input.dataRange, target?.id);
    if (target?.id === auth.userId && input.enabled === false) {
      throw fieldError(400, 'enabled', 'You cannot disable yourself');
    }
    const held = target ? await this.access.roleIdsOf(target.id) : [];
    // Only roles the caller's tenant may see: another tenant's role is "no such role", never named.
    const wanted = await this.access.candidateRoles(auth, input.roleIds);
    const unknown = input.roleIds.filter((id) => !wanted.some((r) => r.id === id));
    if (unknown.length) throw fieldError(400, 'roleIds', `roleIds: no such role (${unknown.join(', ')})`);
    for (const role of wanted) {
      // Roles the user already holds may stay (they grant nothing new), if they still fit the office.
      const ok = held.includes(role.id)
        ? fitsOffice(auth, role, office.path)
        : this.access.canAssign(auth, role, office.path);
      if (!ok) {
        throw new AppError(403, `You cannot assign the role "${role.name}"`, 'roleNotAssignable', {
          fields: { roleIds: `You cannot assign the role "${role.name}"` },
          role: role.code,
        });
      }
    }
    let passwordHash: string | undefined;
    let userPwdType: '1' | '2' | undefined;
    if (input.password) {
      const checked = await this.revealPassword(input.password, fields.loginName);
      passwordHash = await hashPassword(checked.password);
      userPwdType = checked.type;
    }
    const taken = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.loginName, fields.loginName), target ? ne(users.id, target.id) : undefined));
    if (taken.length) throw loginNameTaken(fields.loginName);
    const superAdminIds = wanted.filter((r) => r.code === SystemRoles.superAdmin).map((r) => r.id);
    try {
      const id = await this.db.transaction(async (tx) => {
        const values = {
          loginName: fields.loginName,
          name: fields.name,
          email: fields.email,
          phone: fields.phone,
          officeId: office.id,
          ...(input.dataRange || !target ? { dataRange: input.dataRange ?? defaultRange(auth) } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(passwordHash ? { passwordHash, userPwdType, pwdChangedAt: new Date() } : {}),
        };
        let userId: number;
        if (target) {
          const losesSuper = input.enabled === false || !superAdminIds.length;
          if (losesSuper) await this.access.assertSuperAdminsRemain([target.id], tx);
          if (narrows(target, input.dataRange)) await this.access.assertLastSuperAdminKeepsAll(target.id, tx);
          await tx
            .update(users)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(users.id, target.id));
          await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
          userId = target.id;
        } else {
          const [row] = await tx
            .insert(users)
            .values({ ...values, passwordHash: passwordHash! })
            .returning({ id: users.id });
          userId = row!.id;
        }
        if (wanted.length) await tx.insert(userRoles).values(wanted.map((r) => ({ userId, roleId: r.id })));
        return userId;
      });
      if (target && (input.enabled === false || passwordHash)) await this.sessions.endAllOf(id);
      return { id };
    } catch (err) {
      if (isUniqueViolation(err)) throw loginNameTaken(fields.loginName);
      throw err;
    }
  }

  /** Deletes users in the caller's scope (never the caller, never the last super administrator); all or nothing. */
  async delete(auth: AuthContext, ids: number[]): Promise<number> {
    if (ids.includes(auth.userId)) throw fieldError(400, 'id', 'You cannot delete yourself');
    return this.db.transaction(async (tx) => {
      const targets = await this.access.usersInScope(auth, ids, tx);
      for (const target of targets) await this.access.assertCanManage(auth, target, tx);
      await this.access.assertSuperAdminsRemain(ids, tx);
      const rows = await tx.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
      return rows.length;
    });
  }

  /** Sets a new password for a user in scope and ends their sessions; answers the new `userPwdType`. */
  async resetPassword(auth: AuthContext, id: number, rawPassword: string): Promise<'1' | '2'> {
    const target = await this.access.userInScope(auth, id);
    await this.access.assertCanManage(auth, target);
    const { password, type: userPwdType } = await this.revealPassword(rawPassword, target.loginName);
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        userPwdType,
        pwdChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    await this.sessions.endAllOf(id);
    return userPwdType;
  }

  /** Enables or disables a user in scope; disabling ends their sessions. */
  async setEnabled(auth: AuthContext, id: number, enabled: boolean): Promise<void> {
    if (!enabled && id === auth.userId) throw fieldError(400, 'enabled', 'You cannot disable yourself');
    await this.db.transaction(async (tx) => {
      const target = await this.access.userInScope(auth, id, tx);
      await this.access.assertCanManage(auth, target, tx);
      if (!enabled) await this.access.assertSuperAdminsRemain([id], tx);
      await tx.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, id));
    });
    if (!enabled) await this.sessions.endAllOf(id);
  }

  /**
   * Sets a user's data range, never wider than the caller's own (a super administrator may always
   * restore `all` for themselves); the last enabled super administrator keeps `all`.
   */
  async setDataRange(auth: AuthContext, id: number, dataRange: DataRange): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.access.userInScope(auth, id, tx);
      await this.access.assertCanManage(auth, target, tx);
      this.assertRange(auth, dataRange, target.id);
      if (narrows(target, dataRange)) await this.access.assertLastSuperAdminKeepsAll(target.id, tx);
      await tx.update(users).set({ dataRange, updatedAt: new Date() }).where(eq(users.id, id));
    });
  }

  /**
   * 403 naming `dataRange` when it is wider than the caller's own. A super administrator's own range
   * has no ceiling: one who narrowed it could otherwise never widen it again.
   */
  private assertRange(auth: AuthContext, dataRange: DataRange, targetId?: number): void {
    const ceiling =
      targetId === auth.userId && auth.roleCodes.includes(SystemRoles.superAdmin) ? 'all' : auth.dataRange;
    if (RANGE_RANK[dataRange] > RANGE_RANK[ceiling]) {
      throw fieldError(
        403,
        'dataRange',
        `dataRange: you cannot grant a wider range than your own (${auth.dataRange})`,
        'rangeTooWide',
      );
    }
  }

  /**
   * Decrypts (when landing encryption is on) and checks a new password: not the login name, and
   * meeting the password policy of the system settings (length and strength).
   */
  private async revealPassword(
    raw: string,
    loginName: string,
  ): Promise<{ password: string; type: '1' | '2' }> {
    const password = await this.landingKey.reveal('password', raw);
    if (password === loginName) {
      throw badRequest('password must differ from the login name', 'weakPassword', {
        fields: { password: 'password must differ from the login name' },
      });
    }
    return { password, type: await checkPasswordPolicy(this.settings, 'password', password) };
  }
}
