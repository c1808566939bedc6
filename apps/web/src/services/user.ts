/** Current-user calls (`/a/api/user/*`). */
import type { UserInfo } from '@apm/contract';
import { request } from './request';

/** GET /apm-web/a/api/user/getUserInfo — the signed-in user, permissions, roles and routes. */
export async function getUserInfo(options: { skipLogoutRedirect?: boolean } = {}): Promise<UserInfo> {
  // The layout shows its own error state, so no generic toast here.
  return (await request<UserInfo>('/a/api/user/getUserInfo', { skipErrorHandler: true, ...options })).data;
}

/** POST /apm-web/a/api/user/pwdPastDueModify — replaces an expired password (fields encrypted when required). */
export async function pwdPastDueModify(body: { oldPassword: string; newPassword: string }): Promise<void> {
  await request('/a/api/user/pwdPastDueModify', { method: 'POST', data: body, skipErrorHandler: true });
}
