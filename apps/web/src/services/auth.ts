/** Sign-in, sign-out, session and system-initialisation calls (`/f/common/*`, `/a/login`, `/a/logout`). */
import type { ErrorReason, LoginBody, PublishKey, SysInitBody, UserPwdType } from '@apm/contract';
import { apiUrl, request } from './request';

/** Successful sign-in answer. */
export interface LoginResult {
  userPwdType: UserPwdType;
  /** The password has expired and must be changed before anything else. */
  pwdPastDue: boolean;
}

/** `jsonObject` of a failed sign-in. */
export interface LoginFailure {
  reason?: ErrorReason;
  /** From now on the image captcha is needed. */
  needCaptcha?: boolean;
}

/** Way a verification code can be sent. */
export type VerificationWay = 'email' | 'sms';

/** Whether sign-in needs a second factor, and through which ways. */
export interface SeniorValidation {
  required: boolean;
  ways: VerificationWay[];
}

/** Which password-recovery ways the system offers. */
export interface ForgetPwdWay {
  email: boolean;
  sms: boolean;
}

/** GET /apm-web/f/common/isSysInit — 1 initialised, 0 also proceeds to sign-in, anything else: not initialised. */
export async function getSysInitState(): Promise<number> {
  const { data } = await request<number | string>('/f/common/isSysInit');
  return Number(data);
}

/** GET /apm-web/f/common/publishKey — RSA public key and whether login fields are encrypted. */
export async function getPublishKey(): Promise<PublishKey> {
  return (await request<PublishKey>('/f/common/publishKey')).data;
}

/** POST /apm-web/a/login — signs in; failures are thrown for the login page to translate. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const envelope = await request<LoginResult, LoginFailure>('/a/login', {
    method: 'POST',
    data: body,
    skipErrorHandler: true,
  });
  return envelope.data;
}

/** POST /apm-web/a/logout — ends the session. */
export async function logout(): Promise<void> {
  await request('/a/logout', { method: 'POST', data: {}, skipErrorHandler: true });
}

/** POST /apm-web/f/common/checkIslogin — whether the (HttpOnly) session cookie is valid. */
export async function checkIsLogin(): Promise<boolean> {
  const { data } = await request<boolean | string>('/f/common/checkIslogin', { method: 'POST', data: {} });
  return data === true || data === 'true';
}

/** GET /apm-web/f/common/seniorValidation — whether sign-in needs an e-mail or SMS code. */
export async function getSeniorValidation(): Promise<SeniorValidation> {
  const { data } = await request<Partial<SeniorValidation> | null>('/f/common/seniorValidation');
  return { required: data?.required === true, ways: Array.isArray(data?.ways) ? data.ways : [] };
}

/** POST /apm-web/f/common/sendLoginVerificationCode — sends a sign-in code; `username` encrypted like login. */
export async function sendLoginVerificationCode(body: {
  username: string;
  way: VerificationWay;
}): Promise<void> {
  await request<null, LoginFailure>('/f/common/sendLoginVerificationCode', {
    method: 'POST',
    data: body,
    skipErrorHandler: true,
  });
}

/** GET /apm-web/f/common/forgetPwdWay — password-recovery ways on offer. */
export async function getForgetPwdWay(): Promise<ForgetPwdWay> {
  const { data } = await request<Partial<ForgetPwdWay> | null>('/f/common/forgetPwdWay');
  return { email: data?.email === true, sms: data?.sms === true };
}

/** POST /apm-web/f/common/sysInit — creates the first organisation and its administrator. */
export async function sysInit(body: SysInitBody): Promise<void> {
  await request<null, LoginFailure>('/f/common/sysInit', {
    method: 'POST',
    data: body,
    skipErrorHandler: true,
  });
}

/** GET /apm-web/f/common/validateCode — URL of the captcha image (SVG); `stamp` defeats caching. */
export function captchaUrl(stamp: number): string {
  return apiUrl('/f/common/validateCode', { t: stamp });
}
