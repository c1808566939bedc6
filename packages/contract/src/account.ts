import { Type, type Static } from 'typebox';

/** How a verification code travels: by e-mail or by SMS. */
export const CodeWay = Type.Union([Type.Literal('email'), Type.Literal('sms')]);
export type CodeWay = Static<typeof CodeWay>;

/** Most avatar upload bytes accepted (5 MiB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** A six-digit verification code. */
const Code = Type.String({ minLength: 1, maxLength: 16 });
/** A password as sent: plain or RSA-encrypted (base64) when landing encryption is on. */
const SentPassword = Type.String({ minLength: 1, maxLength: 1024 });
/** An e-mail address or phone number a code goes to. */
const Target = Type.String({ minLength: 1, maxLength: 200 });

/** POST /a/api/user/saveUserInfo: the caller's own display name (e-mail and phone are bound with codes). */
export const SaveUserInfoBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
export type SaveUserInfoBody = Static<typeof SaveUserInfoBody>;

/** POST /a/api/user/modifyPwd: change the own password with the current one. */
export const ModifyPwdBody = Type.Object({ oldPassword: SentPassword, newPassword: SentPassword });
export type ModifyPwdBody = Static<typeof ModifyPwdBody>;

/**
 * POST /a/api/user/modifyPassword: change the own password with a code sent to the bound e-mail or
 * phone (sendVerificationCode without `target`) instead of the current password.
 */
export const ModifyPasswordBody = Type.Object({
  way: CodeWay,
  verificationCode: Code,
  newPassword: SentPassword,
});
export type ModifyPasswordBody = Static<typeof ModifyPasswordBody>;

/**
 * POST /a/api/user/sendVerificationCode: with `target`, a code to bind that new e-mail/phone;
 * without, a code to the address already bound (for modifyPassword).
 */
export const SendVerificationCodeBody = Type.Object({ way: CodeWay, target: Type.Optional(Target) });
export type SendVerificationCodeBody = Static<typeof SendVerificationCodeBody>;

/** POST /a/api/user/checkVerificationCode: binds `target` to the caller when the code is right. */
export const CheckVerificationCodeBody = Type.Object({
  way: CodeWay,
  target: Target,
  verificationCode: Code,
});
export type CheckVerificationCodeBody = Static<typeof CheckVerificationCodeBody>;

/** What the personal center needs about the caller's bound addresses. */
export interface AccountProfile {
  id: number;
  loginName: string;
  name: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  emailVerifiedAt: string | null;
  phoneVerifiedAt: string | null;
}

/**
 * The password policy (settings `passwordMinLength` and `passwordStrength`): strength 1 needs a
 * letter and a digit, 2 also upper- and lower-case letters, 3 also a symbol; at most 64 characters.
 */
export interface PasswordRule {
  minLength: number;
  strength: number;
}

/** Whether a new password meets the policy. */
export function meetsPasswordRule(password: string, rule: PasswordRule): boolean {
  if (password.length < Math.max(1, rule.minLength) || password.length > 64) return false;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return false;
  if (rule.strength >= 2 && !(/[a-z]/.test(password) && /[A-Z]/.test(password))) return false;
  if (rule.strength >= 3 && !/[^A-Za-z0-9]/.test(password)) return false;
  return true;
}

/** Public sign-up settings (GET /f/common/registerConfig). */
export interface RegisterConfig {
  /** Self-registration is allowed for this host (first brand and the `registrationOpen` setting). */
  open: boolean;
  /** The password policy new passwords must meet. */
  passwordRule: PasswordRule;
  /** Ways codes can be sent. */
  ways: { email: boolean; sms: boolean };
}

/** POST /a/api/user/sendVerificationCodeNotHaveToRegister and /m/mobile/sendRegisterVerificationCode. */
export const SendRegisterCodeBody = Type.Object({ way: CodeWay, target: Target });
export type SendRegisterCodeBody = Static<typeof SendRegisterCodeBody>;

/** POST /a/api/user/register: a new customer organisation and its administrator. */
export const RegisterBody = Type.Object({
  officeName: Type.String({ minLength: 1, maxLength: 100 }),
  loginName: Type.String({ minLength: 1, maxLength: 1024 }),
  password: SentPassword,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  way: CodeWay,
  target: Target,
  verificationCode: Code,
});
export type RegisterBody = Static<typeof RegisterBody>;

/** POST /f/common/sendForgotPwdCode: a reset code to the account's bound e-mail or phone. */
export const SendForgotPwdCodeBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 1024 }),
  way: CodeWay,
});
export type SendForgotPwdCodeBody = Static<typeof SendForgotPwdCodeBody>;

/** POST /f/common/resetForgotPwd: a new password with the reset code. */
export const ResetForgotPwdBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 1024 }),
  way: CodeWay,
  verificationCode: Code,
  newPassword: SentPassword,
});
export type ResetForgotPwdBody = Static<typeof ResetForgotPwdBody>;

/** A plausible e-mail address. */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** A phone number: digits with an optional leading +, spaces or hyphens, 6–20 digits. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{4,22}[0-9]$/;

/** Whether `target` looks like an address for `way`. */
export function isValidTarget(way: CodeWay, target: string): boolean {
  return way === 'email' ? EMAIL_PATTERN.test(target) && target.length <= 200 : PHONE_PATTERN.test(target);
}
