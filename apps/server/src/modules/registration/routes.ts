import {
  EnvelopeOf,
  RegisterBody,
  ResetForgotPwdBody,
  SendForgotPwdCodeBody,
  SendRegisterCodeBody,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

const tags = ['registration'];
const Null = EnvelopeOf(Type.Null());
/** Per-address limits of the open calls (the per-target limit is one code a minute). */
const SEND_LIMIT = { max: 5, timeWindow: '1 minute' };

/** Self-registration and forgotten-password recovery (first brand only): HTTP routes. */
const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { registration } = app.services;

  app.get(
    '/f/common/registerConfig',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether this site allows self-registration, the password rule and the ways codes go',
        response: {
          200: EnvelopeOf(
            Type.Object({
              open: Type.Boolean(),
              passwordRule: Type.Object({ minLength: Type.Integer(), strength: Type.Integer() }),
              ways: Type.Object({ email: Type.Boolean(), sms: Type.Boolean() }),
            }),
          ),
        },
      },
    },
    async (request) => ok(await registration.config(request.hostname)),
  );

  const sendRegisterCode = {
    config: { access: 'public' as const, rateLimit: SEND_LIMIT },
    schema: {
      tags,
      summary: 'Send a registration code to an e-mail/phone that no account holds yet',
      body: SendRegisterCodeBody,
      response: { 200: Null },
    },
  };
  for (const url of [
    '/a/api/user/sendVerificationCodeNotHaveToRegister',
    '/m/mobile/sendRegisterVerificationCode',
  ]) {
    app.post(url, sendRegisterCode, async (request) => {
      await registration.sendRegisterCode(request.hostname, request.body.way, request.body.target);
      return ok(null, 'The verification code has been sent');
    });
  }

  app.post(
    '/a/api/user/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Register a new organisation (customer) and its administrator with a code',
        body: RegisterBody,
        response: { 200: EnvelopeOf(Type.Object({ userId: Type.Integer(), officeId: Type.Integer() })) },
      },
    },
    async (request) => {
      const result = await registration.register({ ...request.body, host: request.hostname });
      request.log.info({ ...result }, 'organisation registered');
      return ok(result);
    },
  );

  app.post(
    '/f/common/sendForgotPwdCode',
    {
      config: { access: 'public', rateLimit: SEND_LIMIT },
      schema: {
        tags,
        summary: 'Send a password reset code to the account’s bound e-mail/phone (same answer for any name)',
        body: SendForgotPwdCodeBody,
        response: { 200: Null },
      },
    },
    async (request) => {
      await registration.sendForgotCode(request.hostname, request.body.username, request.body.way);
      return ok(null, 'If the account exists and has that address, a code has been sent');
    },
  );

  app.post(
    '/f/common/resetForgotPwd',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a new password with the reset code; every session of the account ends',
        body: ResetForgotPwdBody,
        response: { 200: Null },
      },
    },
    async (request) => {
      const { username, way, verificationCode, newPassword } = request.body;
      await registration.resetForgotPwd(request.hostname, username, way, verificationCode, newPassword);
      return ok(null);
    },
  );
};

export default registrationRoutes;
