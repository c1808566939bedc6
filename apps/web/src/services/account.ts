/** Personal center calls (`/a/api/user/*` for the signed-in user's own account). */
import type {
  AccountProfile,
  CheckVerificationCodeBody,
  ModifyPasswordBody,
  ModifyPwdBody,
  SendVerificationCodeBody,
} from '@apm/contract';
import { request } from './request';

/** GET /apm-web/a/api/user/accountProfile — own profile with when e-mail and phone were confirmed. */
export async function getAccountProfile(): Promise<AccountProfile> {
  return (await request<AccountProfile>('/a/api/user/accountProfile')).data;
}

/** POST /apm-web/a/api/user/saveUserInfo — changes the own display name. */
export async function saveUserInfo(body: { name: string }): Promise<void> {
  await request('/a/api/user/saveUserInfo', { method: 'POST', data: body, skipErrorHandler: true });
}

/** GET /apm-web/a/api/user/ConfirmOldpwd — whether the (encrypted) password is the current one. */
export async function confirmOldPwd(oldPassword: string): Promise<boolean> {
  return (
    await request<boolean>('/a/api/user/ConfirmOldpwd', { params: { oldPassword }, skipErrorHandler: true })
  ).data;
}

/** POST /apm-web/a/api/user/modifyPwd — changes the own password with the current one. */
export async function modifyPwd(body: ModifyPwdBody): Promise<{ userPwdType: string }> {
  return (
    await request<{ userPwdType: string }>('/a/api/user/modifyPwd', {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/user/modifyPassword — changes the own password with a code sent to the bound address. */
export async function modifyPassword(body: ModifyPasswordBody): Promise<{ userPwdType: string }> {
  return (
    await request<{ userPwdType: string }>('/a/api/user/modifyPassword', {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/user/sendVerificationCode — a code to a new address to bind, or to the bound one. */
export async function sendVerificationCode(body: SendVerificationCodeBody): Promise<void> {
  await request('/a/api/user/sendVerificationCode', { method: 'POST', data: body, skipErrorHandler: true });
}

/** POST /apm-web/a/api/user/checkVerificationCode — binds the e-mail or phone the code went to. */
export async function checkVerificationCode(body: CheckVerificationCodeBody): Promise<void> {
  await request('/a/api/user/checkVerificationCode', { method: 'POST', data: body, skipErrorHandler: true });
}

/** Where POST /apm-web/a/api/user/uploadAvatar takes a multipart `file` (antd Upload posts it with progress). */
export const AVATAR_UPLOAD_URL = '/apm-web/a/api/user/uploadAvatar';
