import { checkPasswordPolicy } from '../account/password-policy.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import type { Notifier } from '../notify/outbox.js';
import type { SettingsService } from '../settings/service.js';
import type { LandingKey } from './landing-key.js';
import type { LoginGuard } from './login-guard.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { SessionService } from './session-service.js';
import type { VerificationCodes } from './verification-codes.js';

/** What the caller sent to POST /a/login, plus where it came from. */
export interface LoginAttempt {
  username: string;
  password: string;
  validateCode?: string;
  verificationCode?: string;
  captchaId?: string;
  ip: string;
  userAgent?: string;
}

/** A successful sign-in. */
export interface LoginResult {
  token: string;
  userId: number;
  loginName: string;
  userPwdType: '1' | '2';
  pwdPastDue: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Signs users in: decryption, captcha after failures, second factor, password expiry, session. */
export class LoginService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly key: LandingKey,
    private readonly guard: LoginGuard,
    private readonly codes: VerificationCodes,
    private readonly sessions: SessionService,
    private readonly notifier: Notifier,
  ) {}

  /** Decrypts the user name as sent by the sign-in page (for audit and codes). */
  revealUsername(raw: string): Promise<string> {
    return this.key.reveal('username', raw);
  }

  /** Signs a user in, or throws the error the sign-in page shows. */
  async login(attempt: LoginAttempt, onUsername: (name: string) => void): Promise<LoginResult> {
    const username = (await this.key.reveal('username', attempt.username)).trim();
    onUsername(username);
    const password = await this.key.reveal('password', attempt.password);
    if (!username)
      throw badRequest('username is required', 'validation', { fields: { username: 'required' } });

    if (await this.guard.needsCaptcha(username, attempt.ip)) {
      if (!attempt.validateCode) {
        throw badRequest('Enter the verification image code', 'captchaRequired', { needCaptcha: true });
      }
      if (!(await this.guard.checkCaptcha(attempt.captchaId, attempt.validateCode))) {
        await this.guard.recordFailure(username, attempt.ip);
        throw badRequest('The verification image code is wrong', 'captchaWrong', { needCaptcha: true });
      }
    }

    const [user] = await this.db.select().from(users).where(eq(users.loginName, username));
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) {
      const needCaptcha = await this.guard.recordFailure(username, attempt.ip);
      throw new AppError(401, 'Incorrect user name or password', 'badCredentials', { needCaptcha });
    }
    if (!user.enabled) throw forbidden('This account is disabled', 'accountDisabled');

    if (await this.settings.get('seniorValidation')) {
      if (!attempt.verificationCode) {
        throw badRequest('Enter the verification code sent to you', 'verificationRequired');
      }
      if (!(await this.codes.check('login', user.loginName, attempt.verificationCode))) {
        await this.guard.recordFailure(username, attempt.ip);
        throw badRequest('The verification code is wrong or has expired', 'verificationWrong');
      }
    }

    const expiryDays = await this.settings.get('passwordExpiryDays');
    const pwdPastDue = expiryDays > 0 && Date.now() - user.pwdChangedAt.getTime() > expiryDays * DAY_MS;
    const { token } = await this.sessions.create(user.id, {
      ip: attempt.ip,
      userAgent: attempt.userAgent,
      pwdPastDue,
    });
    await this.db
      .update(users)
      .set({ lastLoginAt: new Date(), lastLoginIp: attempt.ip })
      .where(eq(users.id, user.id));
    await this.guard.recordSuccess(username, attempt.ip);
    return { token, userId: user.id, loginName: user.loginName, userPwdType: user.userPwdType, pwdPastDue };
  }

  /** The ways a verification code can be sent (GET /f/common/forgetPwdWay). */
  async ways(): Promise<{ email: boolean; sms: boolean }> {
    return { email: await this.settings.get('emailCodeOpen'), sms: await this.settings.get('smsCodeOpen') };
  }

  /** Sends a sign-in verification code to the user's e-mail or phone. Unknown users get the same answer. */
  async sendLoginCode(rawUsername: string, way: 'email' | 'sms'): Promise<void> {
    const username = (await this.key.reveal('username', rawUsername)).trim();
    const ways = await this.ways();
    if (!ways[way])
      throw badRequest(`Sending codes by ${way} is turned off`, 'validation', { fields: { way: 'off' } });
    const [user] = await this.db.select().from(users).where(eq(users.loginName, username));
    const to = way === 'email' ? user?.email : user?.phone;
    if (!user || !user.enabled || !to) return;
    const code = await this.codes.issue('login', user.loginName);
    if (!code) throw new AppError(429, 'A code was sent less than a minute ago', 'rateLimited');
    await this.notifier.send({
      channel: way,
      to,
      subject: 'APM sign-in verification code',
      text: `Your APM sign-in verification code is ${code}. It is valid for 10 minutes.`,
    });
  }

  /** Changes an expired (or any) password after checking the old one; answers the new `userPwdType`. */
  async changePassword(userId: number, rawOld: string, rawNew: string): Promise<'1' | '2'> {
    const oldPassword = await this.key.reveal('oldPassword', rawOld);
    const newPassword = await this.key.reveal('newPassword', rawNew);
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
      throw badRequest('oldPassword is wrong', 'validation', { fields: { oldPassword: 'wrong' } });
    }
    if (newPassword === oldPassword) {
      throw badRequest('newPassword must differ from the old password', 'validation', {
        fields: { newPassword: 'same' },
      });
    }
    const userPwdType = await checkPasswordPolicy(this.settings, 'newPassword', newPassword);
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(newPassword),
        userPwdType,
        pwdChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return userPwdType;
  }
}
