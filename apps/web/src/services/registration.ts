/** Self-registration and forgotten-password calls (open, no session). */
import type {
  RegisterBody,
  RegisterConfig,
  ResetForgotPwdBody,
  SendForgotPwdCodeBody,
  SendRegisterCodeBody,
} from '@apm/contract';
import { request } from './request';

/** GET /apm-web/f/common/registerConfig — whether this site allows registration, the password rule, code ways. */
export async function getRegisterConfig(): Promise<RegisterConfig> {
  return (await request<RegisterConfig>('/f/common/registerConfig', { skipErrorHandler: true })).data;
}

/** POST /apm-web/a/api/user/sendVerificationCodeNotHaveToRegister — a code to a not yet registered address. */
export async function sendRegisterCode(body: SendRegisterCodeBody): Promise<void> {
  await request('/a/api/user/sendVerificationCodeNotHaveToRegister', {
    method: 'POST',
    data: body,
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/user/register — a new organisation and its administrator. */
export async function register(body: RegisterBody): Promise<{ userId: number; officeId: number }> {
  return (
    await request<{ userId: number; officeId: number }>('/a/api/user/register', {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/f/common/sendForgotPwdCode — a reset code to the account's bound address. */
export async function sendForgotPwdCode(body: SendForgotPwdCodeBody): Promise<void> {
  await request('/f/common/sendForgotPwdCode', { method: 'POST', data: body, skipErrorHandler: true });
}

/** POST /apm-web/f/common/resetForgotPwd — a new password with the reset code. */
export async function resetForgotPwd(body: ResetForgotPwdBody): Promise<void> {
  await request('/f/common/resetForgotPwd', { method: 'POST', data: body, skipErrorHandler: true });
}
