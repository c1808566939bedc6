import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AccountProfile, CodeWay } from '@apm/contract';
import { and, eq, ne, or } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { LandingKey } from '../auth/landing-key.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AuthContext } from '../auth/session-service.js';
import type { VerificationCodes } from '../auth/verification-codes.js';
import type { Notifier } from '../notify/outbox.js';
import type { SettingsService } from '../settings/service.js';
import { checkPasswordPolicy, fieldFault } from './password-policy.js';
import { fieldOf, requireTargetFree, requireWayOpen, validTarget } from './targets.js';

/** Side of the square avatar, in pixels. */
export const AVATAR_SIZE = 256;
/** Where avatars are served: `<AVATAR_URL>/<file>`. */
export const AVATAR_URL = '/apm-web/a/api/user/avatar';
/** Avatar file names: `<userId>-<hash>.webp`. */
export const AVATAR_FILE = /^\d{1,12}-[0-9a-f]{16}\.webp$/;

/**
 * Personal center: own profile, avatar, password, bound e-mail and phone.
 *
 * Two ways to change the own password:
 * - `modifyPwd`: with the current password (old + new);
 * - `modifyPassword`: with a code sent to the e-mail or phone already bound (for users who no
 *   longer know the current one while signed in).
 * Either way the new password must meet the `passwordPolicy` setting and differ from the old one,
 * and every other session of the user ends.
 */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly key: LandingKey,
    private readonly codes: VerificationCodes,
    private readonly notifier: Notifier,
    private readonly dataDir: string,
  ) {}

  /** The caller's profile with the times the e-mail and phone were confirmed. */
  async profile(userId: number): Promise<AccountProfile> {
    const user = await this.user(userId);
    return {
      id: user.id,
      loginName: user.loginName,
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      phone: user.phone,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      phoneVerifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
    };
  }

  /** Changes the caller's own display name. */
  async saveUserInfo(userId: number, rawName: string): Promise<void> {
    const name = rawName.trim();
    if (!name) throw fieldFault(400, 'name', 'required', 'name is required');
    await this.db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /**
   * Decodes an uploaded image, makes it a 256×256 WebP under `<dataDir>/avatars`, points
   * `users.avatar` at it and removes the previous file; 400 when the bytes are not an image.
   */
  async saveAvatar(userId: number, bytes: Buffer): Promise<string> {
    let webp: Buffer;
    try {
      webp = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw fieldFault(400, 'file', 'notImage', 'file is not an image (PNG, JPEG, GIF, WebP…)', 'notImage');
    }
    const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16);
    const file = `${userId}-${hash}.webp`;
    const dir = this.avatarDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, file), webp);
    const url = `${AVATAR_URL}/${file}`;
    const previous = (await this.user(userId)).avatar;
    await this.db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId));
    const old = previous?.startsWith(`${AVATAR_URL}/`) ? previous.slice(AVATAR_URL.length + 1) : null;
    if (old && old !== file && AVATAR_FILE.test(old)) await rm(path.join(dir, old), { force: true });
    return url;
  }

  /**
   * The file behind an avatar name, or null when the name is not one, or not the current avatar of
   * the caller or of a user in the caller's data range (so never one of another tenant).
   */
  async avatarFile(auth: AuthContext, name: string): Promise<string | null> {
    if (!AVATAR_FILE.test(name)) return null;
    const [owner] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.avatar, `${AVATAR_URL}/${name}`),
          or(eq(users.id, auth.userId), dataScope(auth, users.officeId, users.id)),
        ),
      )
      .limit(1);
    return owner ? path.join(this.avatarDir(), name) : null;
  }

  /** Whether the (possibly encrypted) password is the caller's current one. */
  async confirmOldPwd(userId: number, raw: string): Promise<boolean> {
    const password = await this.key.reveal('oldPassword', raw);
    return verifyPassword(password, (await this.user(userId)).passwordHash);
  }

  /** `modifyPwd`: changes the own password with the current one; ends the user's other sessions. */
  async modifyPwd(auth: AuthContext, rawOld: string, rawNew: string): Promise<'1' | '2'> {
    const oldPassword = await this.key.reveal('oldPassword', rawOld);
    const newPassword = await this.key.reveal('newPassword', rawNew);
    const user = await this.user(auth.userId);
    if (!(await verifyPassword(oldPassword, user.passwordHash))) {
      throw fieldFault(400, 'oldPassword', 'wrong', 'oldPassword is wrong');
    }
    const type = await this.checkNew(user.passwordHash, newPassword);
    return this.setPassword(auth, newPassword, type);
  }

  /** `modifyPassword`: changes the own password with a code sent to the bound address. */
  async modifyPassword(auth: AuthContext, way: CodeWay, code: string, rawNew: string): Promise<'1' | '2'> {
    const newPassword = await this.key.reveal('newPassword', rawNew);
    const user = await this.user(auth.userId);
    const type = await this.checkNew(user.passwordHash, newPassword);
    if (!(await this.codes.check('password', `${auth.userId}:${way}`, code))) throw wrongCode();
    return this.setPassword(auth, newPassword, type);
  }

  /**
   * Sends a six-digit code: with `rawTarget` to that new e-mail/phone (to bind it), without to the
   * address already bound (for modifyPassword). 429 when one went to the same place within a minute.
   */
  async sendCode(auth: AuthContext, way: CodeWay, rawTarget?: string): Promise<void> {
    await requireWayOpen(this.settings, way);
    if (rawTarget !== undefined) {
      const target = validTarget(way, rawTarget);
      await requireTargetFree(this.db, way, target, auth.userId);
      const code = await this.codes.issue('bind', `${auth.userId}:${way}:${target}`);
      if (!code) throw tooSoon();
      await this.notifier.send(message(way, target, code, 'confirm this address for your APM account'));
      return;
    }
    const user = await this.user(auth.userId);
    const to = way === 'email' ? user.email : user.phone;
    if (!to) throw fieldFault(400, 'way', 'unbound', `Your account has no ${fieldOf(way)} to send a code to`);
    const code = await this.codes.issue('password', `${auth.userId}:${way}`);
    if (!code) throw tooSoon();
    await this.notifier.send(message(way, to, code, 'change your APM password'));
  }

  /** Binds the e-mail/phone the code was sent to; sets when it was confirmed. 409 when taken meanwhile. */
  async bind(auth: AuthContext, way: CodeWay, rawTarget: string, code: string): Promise<void> {
    const target = validTarget(way, rawTarget);
    if (!(await this.codes.check('bind', `${auth.userId}:${way}:${target}`, code))) throw wrongCode();
    await requireTargetFree(this.db, way, target, auth.userId);
    const now = new Date();
    await this.db
      .update(users)
      .set(
        way === 'email'
          ? { email: target, emailVerifiedAt: now, updatedAt: now }
          : { phone: target, phoneVerifiedAt: now, updatedAt: now },
      )
      .where(eq(users.id, auth.userId));
  }

  /** Checks a new password against the policy and the current one; answers its `userPwdType`. */
  private async checkNew(currentHash: string, newPassword: string): Promise<'1' | '2'> {
    const type = await checkPasswordPolicy(this.settings, 'newPassword', newPassword);
    if (await verifyPassword(newPassword, currentHash)) {
      throw fieldFault(400, 'newPassword', 'same', 'newPassword must differ from the current password');
    }
    return type;
  }

  /** Stores the new password, ends the user's other sessions and clears the expiry flag of this one. */
  private async setPassword(
    auth: AuthContext,
    newPassword: string,
    userPwdType: '1' | '2',
  ): Promise<'1' | '2'> {
    const now = new Date();
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, userPwdType, pwdChangedAt: now, updatedAt: now })
        .where(eq(users.id, auth.userId));
      await tx.delete(sessions).where(and(eq(sessions.userId, auth.userId), ne(sessions.id, auth.sessionId)));
      await tx.update(sessions).set({ pwdPastDue: false }).where(eq(sessions.id, auth.sessionId));
    });
    return userPwdType;
  }

  private avatarDir(): string {
    return path.join(this.dataDir, 'avatars');
  }

  private async user(userId: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    return user;
  }
}

/** 400 naming `verificationCode`: wrong, expired, used or never sent. */
export const wrongCode = () =>
  fieldFault(
    400,
    'verificationCode',
    'wrong',
    'The verification code is wrong or has expired',
    'verificationWrong',
  );

/** 429: a code went to the same place less than a minute ago. */
export const tooSoon = () =>
  new AppError(429, 'A code was sent less than a minute ago; wait before asking again', 'rateLimited');

/** The e-mail or text carrying a code. */
export function message(way: CodeWay, to: string, code: string, purpose: string) {
  return {
    channel: way,
    to,
    subject: 'APM verification code',
    text: `Your APM verification code is ${code}. Use it to ${purpose}. It is valid for 10 minutes.`,
  } as const;
}
