import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

const tags = ['user'];

/** The signed-in user's own record and password-expiry change (`/a/api/user/...`). */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/a/api/user/getUserInfo',
    {
      config: { access: 'session', allowPwdPastDue: true },
      schema: {
        tags,
        summary: 'The logged-in user record: profile, permissions, roles, routes config',
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) => ok(await app.services.userInfo.forCaller(request.auth!)),
  );

  app.post(
    '/a/api/user/pwdPastDueModify',
    {
      config: { access: 'session', allowPwdPastDue: true },
      schema: {
        tags,
        summary: 'Change an expired password (fields encrypted like sign-in)',
        body: Type.Object({
          oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
          newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
        }),
        response: { 200: EnvelopeOf(Type.Object({ userPwdType: Type.String() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const userPwdType = await app.services.login.changePassword(
        auth.userId,
        request.body.oldPassword,
        request.body.newPassword,
      );
      await app.services.sessions.clearPwdPastDue(auth.sessionId);
      return ok({ userPwdType });
    },
  );
};

export default userRoutes;
