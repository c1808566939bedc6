import { EnvelopeOf, SysInitBody } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { clearSessionCookie, readToken } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';

const CAPTCHA_COOKIE = 'apm_captcha';
const tags = ['common'];

/** Open calls of the sign-in page: initialisation, public key, captcha, verification codes. */
const commonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { init, landingKey, loginGuard, login, sessions, settings } = app.services;

  app.get(
    '/f/common/isSysInit',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether the system is initialised (1 = yes, 2 = needs the initialisation page)',
        response: { 200: EnvelopeOf(Type.Integer()) },
      },
    },
    async () => ok((await init.isInitialised()) ? 1 : 2),
  );

  app.post(
    '/f/common/sysInit',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Initialise the system: the first organisation and its super administrator (403 without the setup token printed at start-up)',
        body: SysInitBody,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      init.checkSetupToken(request.body.token);
      const username = await landingKey.reveal('username', request.body.username);
      request.auditUsername = username;
      const password = await landingKey.reveal('password', request.body.password);
      const { token: _token, ...body } = request.body;
      const { welcomeError } = await init.initialise({ ...body, username, password });
      request.log.info({ username }, 'system initialised');
      if (welcomeError) request.log.error({ err: welcomeError }, 'welcome notification not sent');
      return ok(null);
    },
  );

  app.get(
    '/f/common/publishKey',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'RSA public key (hex) of the sign-in page and whether fields are encrypted',
        response: {
          200: EnvelopeOf(
            Type.Object({
              exponent: Type.String(),
              modulus: Type.String(),
              isLandingEncryption: Type.Boolean(),
            }),
          ),
        },
      },
    },
    async () => ok(await landingKey.publishKey()),
  );

  app.get(
    '/f/common/validateCode',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: 'A new captcha image (SVG); its answer is tied to a cookie' },
    },
    async (_request, reply) => {
      const { id, svg } = await loginGuard.issueCaptcha();
      reply.setCookie(CAPTCHA_COOKIE, id, { path: '/apm-web', httpOnly: true, sameSite: 'lax', maxAge: 300 });
      reply.header('cache-control', 'no-store').type('image/svg+xml');
      return svg;
    },
  );

  app.post(
    '/f/common/checkIslogin',
    {
      // A read-only check the console makes on every page: not an edit for the audit log.
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: 'Whether the caller has a valid session',
        response: { 200: EnvelopeOf(Type.Boolean()) },
      },
    },
    async (request, reply) => {
      if (!request.auth && readToken(request)) clearSessionCookie(reply);
      return ok(request.auth !== null);
    },
  );

  app.get(
    '/f/common/forgetPwdWay',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Which ways verification codes can be sent',
        response: { 200: EnvelopeOf(Type.Object({ email: Type.Boolean(), sms: Type.Boolean() })) },
      },
    },
    async () => ok(await login.ways()),
  );

  app.get(
    '/f/common/seniorValidation',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether sign-in needs a verification code, and the ways it can be sent',
        response: {
          200: EnvelopeOf(Type.Object({ required: Type.Boolean(), ways: Type.Array(Type.String()) })),
        },
      },
    },
    async () => {
      const ways = await login.ways();
      return ok({
        required: await settings.get('seniorValidation'),
        ways: (['email', 'sms'] as const).filter((w) => ways[w]),
      });
    },
  );

  app.post(
    '/f/common/sendLoginVerificationCode',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a sign-in verification code by e-mail or SMS',
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 1024 }),
          way: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('sms')])),
        }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      request.auditUsername = await login.revealUsername(request.body.username);
      await login.sendLoginCode(request.body.username, request.body.way ?? 'email');
      return ok(null, 'If the account exists, a code has been sent');
    },
  );

  // Signing out must work even with an expired session, so it lives here and is open.
  app.post(
    '/a/logout',
    {
      config: { access: 'public', allowPwdPastDue: true },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 200: EnvelopeOf(Type.Null()) } },
    },
    async (request, reply) => {
      if (request.auth) await sessions.end(request.auth.sessionId);
      clearSessionCookie(reply);
      return ok(null);
    },
  );
};

export default commonRoutes;
export { CAPTCHA_COOKIE };
