import { LOGIN_NAME_PATTERN, SystemRoles, type CodeWay, type RegisterConfig } from '@apm/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, roleGrants, roles, sessions, userRoles, users } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { message, tooSoon, wrongCode } from '../account/service.js';
import { checkPasswordPolicy, fieldFault, passwordRule } from '../account/password-policy.js';
import { requireTargetFree, requireWayOpen, validTarget } from '../account/targets.js';
import type { LandingKey } from '../auth/landing-key.js';
import { hashPassword } from '../auth/passwords.js';
import type { VerificationCodes } from '../auth/verification-codes.js';
import type { BrandService } from '../customers/brand-service.js';
import type { Notifier } from '../notify/outbox.js';
import type { SettingsService } from '../settings/service.js';
import { SYSTEM_ROLE_GRANTS } from '../system/seed.js';

/**
 * What the administrator of a self-registered organisation may do: the operator's everyday work
 * (content, programs, terminals, statistics…) plus managing the organisation's own users, roles and
 * institutions and reading its log. Platform-wide settings, menus, brands, agents and the like stay
 * with the platform.
 */
const TENANT_ADMIN_EXTRA = [
  'sys:view',
  ...['view', 'add', 'edit', 'delete'].flatMap((op) => [
    `sys:user:${op}`,
    `sys:role:${op}`,
    `sys:office:${op}`,
  ]),
  'sys:log:view',
];

/** The grants of a tenant administrator role as `{ permissionId, operation }`. */
export function tenantAdminGrants(): { permissionId: string; operation: string }[] {
  const operator = SYSTEM_ROLE_GRANTS[SystemRoles.operator]!.grants();
  const extra = TENANT_ADMIN_EXTRA.map((p) => {
    const at = p.lastIndexOf(':');
    return { permissionId: p.slice(0, at), operation: p.slice(at + 1) };
  });
  const seen = new Set<string>();
  return [...operator, ...extra].filter((g) => {
    const key = `${g.permissionId}:${g.operation}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A registration as the route passes it (password still as sent). */
export interface RegisterInput {
  host: string | undefined;
  officeName: string;
  loginName: string;
  password: string;
  name?: string;
  way: CodeWay;
  target: string;
  verificationCode: string;
}

/**
 * Self-registration and forgotten-password recovery (first brand only, and only while the
 * `registrationOpen` setting allows it).
 *
 * A registration creates a `customer` office directly under the platform root, a role owned by that
 * office (`tenantAdmin<officeId>`, "Administrator": operator grants plus the organisation's own users,
 * roles, institutions and log; see {@link tenantAdminGrants}) and the user with data range `all`,
 * which the tenant boundary limits to the new organisation.
 */
export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly brands: BrandService,
    private readonly key: LandingKey,
    private readonly codes: VerificationCodes,
    private readonly notifier: Notifier,
  ) {}

  /** Whether self-registration is open for this host, and what the sign-up form must know. */
  async config(host: string | undefined): Promise<RegisterConfig> {
    return {
      open: await this.isOpen(host),
      passwordRule: await passwordRule(this.settings),
      ways: {
        email: await this.settings.get('emailCodeOpen'),
        sms: await this.settings.get('smsCodeOpen'),
      },
    };
  }

  /** 403 unless the host selects the first brand and the setting allows registration. */
  async requireOpen(host: string | undefined): Promise<void> {
    if ((await this.brands.forHost(host)).brand !== 'default') {
      throw forbidden('Registration is not available on this site', 'registrationClosed');
    }
    if (!(await this.settings.get('registrationOpen'))) {
      throw forbidden('Registration is closed', 'registrationClosed');
    }
  }

  /** Sends a registration code to an e-mail/phone no account holds yet (409 naming the field when one does). */
  async sendRegisterCode(host: string | undefined, way: CodeWay, rawTarget: string): Promise<void> {
    await this.requireOpen(host);
    await requireWayOpen(this.settings, way);
    const target = validTarget(way, rawTarget);
    await requireTargetFree(this.db, way, target);
    const code = await this.codes.issue('register', `${way}:${target}`);
    if (!code) throw tooSoon();
    await this.notifier.send(message(way, target, code, 'register your organisation on APM'));
  }

  /** Creates the organisation, its administrator role and the user; answers the new ids. */
  async register(input: RegisterInput): Promise<{ userId: number; officeId: number }> {
    await this.requireOpen(input.host);
    const officeName = input.officeName.trim();
    if (!officeName) throw fieldFault(400, 'officeName', 'required', 'officeName is required');
    const loginName = (await this.key.reveal('loginName', input.loginName)).trim();
    if (!LOGIN_NAME_PATTERN.test(loginName)) {
      throw fieldFault(400, 'loginName', 'invalid', 'loginName must be 2–50 letters, digits or _ . @ -');
    }
    const password = await this.key.reveal('password', input.password);
    const userPwdType = await checkPasswordPolicy(this.settings, 'password', password);
    const target = validTarget(input.way, input.target);
    await this.requireLoginNameFree(loginName);
    await requireTargetFree(this.db, input.way, target);
    const [platform] = await this.db
      .select({ id: offices.id, path: offices.path })
      .from(offices)
      .where(and(eq(offices.kind, 'platform'), isNull(offices.parentId)))
      .orderBy(offices.id)
      .limit(1);
    if (!platform) throw new AppError(409, 'The system is not initialised yet', 'notInitialised');
    if (!(await this.codes.check('register', `${input.way}:${target}`, input.verificationCode)))
      throw wrongCode();

    const passwordHash = await hashPassword(password);
    const now = new Date();
    try {
      return await this.db.transaction(async (tx) => {
        const [office] = await tx
          .insert(offices)
          .values({ name: officeName, kind: 'customer', parentId: platform.id })
          .returning({ id: offices.id });
        const officeId = office!.id;
        await tx
          .update(offices)
          .set({ path: `${platform.path}${officeId}/`, ...(input.way === 'sms' ? { phone: target } : {}) })
          .where(eq(offices.id, officeId));
        const [role] = await tx
          .insert(roles)
          .values({ code: `tenantAdmin${officeId}`, name: 'Administrator', officeId })
          .returning({ id: roles.id });
        await tx.insert(roleGrants).values(tenantAdminGrants().map((g) => ({ roleId: role!.id, ...g })));
        const [user] = await tx
          .insert(users)
          .values({
            officeId,
            loginName,
            name: input.name?.trim() || loginName,
            passwordHash,
            userPwdType,
            dataRange: 'all',
            ...(input.way === 'email'
              ? { email: target, emailVerifiedAt: now }
              : { phone: target, phoneVerifiedAt: now }),
          })
          .returning({ id: users.id });
        await tx.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
        return { userId: user!.id, officeId };
      });
    } catch (error) {
      // Another registration took the login name between the check and the insert.
      if (
        (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
        (error as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        throw fieldFault(409, 'loginName', 'taken', 'This loginName is already taken', 'duplicate');
      }
      throw error;
    }
  }

  /**
   * Sends a reset code to the account's bound e-mail or phone. Unknown accounts, accounts without
   * that address and disabled ones get the same answer (and the same once-a-minute limit).
   */
  async sendForgotCode(host: string | undefined, rawUsername: string, way: CodeWay): Promise<void> {
    await this.requireBrand(host);
    await requireWayOpen(this.settings, way);
    const username = (await this.key.reveal('username', rawUsername)).trim();
    const code = await this.codes.issue('forgot', `${way}:${username.toLowerCase()}`);
    if (!code) throw tooSoon();
    const [user] = await this.db.select().from(users).where(eq(users.loginName, username));
    const to = way === 'email' ? user?.email : user?.phone;
    if (!user || !user.enabled || !to) return;
    await this.notifier.send(message(way, to, code, 'reset your APM password'));
  }

  /** Sets a new password with the reset code; ends every session of the account. */
  async resetForgotPwd(
    host: string | undefined,
    rawUsername: string,
    way: CodeWay,
    verificationCode: string,
    rawNew: string,
  ): Promise<void> {
    await this.requireBrand(host);
    const username = (await this.key.reveal('username', rawUsername)).trim();
    const newPassword = await this.key.reveal('newPassword', rawNew);
    const userPwdType = await checkPasswordPolicy(this.settings, 'newPassword', newPassword);
    if (!(await this.codes.check('forgot', `${way}:${username.toLowerCase()}`, verificationCode)))
      throw wrongCode();
    const [user] = await this.db.select().from(users).where(eq(users.loginName, username));
    const to = way === 'email' ? user?.email : user?.phone;
    // A code issued for an unknown account was never sent: it can only be guessed, so it is refused alike.
    if (!user || !user.enabled || !to) throw wrongCode();
    const now = new Date();
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, userPwdType, pwdChangedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    });
  }

  /** Password recovery serves the first brand only (the second brand's accounts are managed for them). */
  private async requireBrand(host: string | undefined): Promise<void> {
    if ((await this.brands.forHost(host)).brand !== 'default') {
      throw forbidden('Password recovery is not available on this site', 'recoveryClosed');
    }
  }

  private async isOpen(host: string | undefined): Promise<boolean> {
    try {
      await this.requireOpen(host);
      return true;
    } catch {
      return false;
    }
  }

  private async requireLoginNameFree(loginName: string): Promise<void> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName));
    if (row) throw fieldFault(409, 'loginName', 'taken', 'This loginName is already taken', 'duplicate');
  }
}
