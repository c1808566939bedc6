import { EnvelopeOf, LoginBody } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { setSessionCookie } from '../../plugins/auth.js';
import { CAPTCHA_COOKIE } from '../common/routes.js';

/** POST /a/login: the sign-in call (spec sections 4 and 7). */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/a/login',
    {
      config: { access: 'public', rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; user name and password are RSA-encrypted when landing encryption is on',
        body: LoginBody,
        response: {
          200: EnvelopeOf(
            Type.Object({
              userPwdType: Type.Union([Type.Literal('1'), Type.Literal('2')]),
              pwdPastDue: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await app.services.login.login(
        {
          ...request.body,
          captchaId: request.cookies[CAPTCHA_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
        (name) => {
          request.auditUsername = name;
        },
      );
      request.auditUserId = result.userId;
      setSessionCookie(reply, result.token, request.protocol === 'https');
      request.log.info({ user: result.loginName }, 'signed in');
      return ok({ userPwdType: result.userPwdType, pwdPastDue: result.pwdPastDue });
    },
  );
};

export default authRoutes;
