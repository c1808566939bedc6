import { readFile } from 'node:fs/promises';
import {
  AVATAR_MAX_BYTES,
  CheckVerificationCodeBody,
  EnvelopeOf,
  ModifyPasswordBody,
  ModifyPwdBody,
  SaveUserInfoBody,
  SendVerificationCodeBody,
} from '@apm/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fieldFault } from './password-policy.js';

const tags = ['account'];

/** A rate limit per signed-in user (per address before sign-in resolves), per minute. */
const perUser = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip),
});
const Null = EnvelopeOf(Type.Null());
const PwdType = EnvelopeOf(Type.Object({ userPwdType: Type.String() }));

/** Personal center: own profile, avatar, password, bound e-mail and phone: HTTP routes (`/a/api/user/...`). */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { account } = app.services;

  app.get(
    '/a/api/user/accountProfile',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The caller’s own profile with when the e-mail and phone were confirmed',
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) => ok(await account.profile(request.auth!.userId)),
  );

  app.post(
    '/a/api/user/saveUserInfo',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Change the own display name (e-mail and phone are bound with checkVerificationCode)',
        body: SaveUserInfoBody,
        response: { 200: Null },
      },
    },
    async (request) => {
      await account.saveUserInfo(request.auth!.userId, request.body.name);
      return ok(null);
    },
  );

  // Multipart parsing exists only in this scope: no other route accepts uploads by accident.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    upload.post(
      '/a/api/user/uploadAvatar',
      {
        config: { access: 'session', rateLimit: perUser(20) },
        schema: {
          tags,
          summary: 'Upload the own avatar (multipart field `file`, an image of at most 5 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: EnvelopeOf(Type.Object({ avatar: Type.String() })) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw fieldFault(400, 'file', 'required', 'file is required (send multipart/form-data)');
        }
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file) throw fieldFault(400, 'file', 'required', 'file is required');
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
            throw new AppError(413, 'file must be at most 5 MB', 'tooLarge', {
              fields: { file: 'tooLarge' },
            });
          }
          throw error;
        }
        return ok({ avatar: await account.saveAvatar(request.auth!.userId, bytes) });
      },
    );
  });

  app.get(
    '/a/api/user/avatar/:file',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "An avatar image (WebP): the caller's own, or a user's in the caller's data range",
        params: Type.Object({ file: Type.String({ maxLength: 100 }) }),
      },
    },
    async (request, reply) => {
      const file = await account.avatarFile(request.auth!, request.params.file);
      if (!file) throw notFound('No such avatar');
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch {
        throw notFound('No such avatar');
      }
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.get(
    '/a/api/user/ConfirmOldpwd',
    {
      config: { access: 'session', rateLimit: perUser(10) },
      schema: {
        tags,
        summary: 'Whether the given password (encrypted like sign-in) is the caller’s current one',
        querystring: Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 1024 }) }),
        response: { 200: EnvelopeOf(Type.Boolean()) },
      },
    },
    async (request) => ok(await account.confirmOldPwd(request.auth!.userId, request.query.oldPassword)),
  );

  app.post(
    '/a/api/user/modifyPwd',
    {
      config: { access: 'session', rateLimit: perUser(10) },
      schema: {
        tags,
        summary: 'Change the own password with the current one; other sessions end',
        body: ModifyPwdBody,
        response: { 200: PwdType },
      },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body;
      return ok({ userPwdType: await account.modifyPwd(request.auth!, oldPassword, newPassword) });
    },
  );

  app.post(
    '/a/api/user/modifyPassword',
    {
      config: { access: 'session', rateLimit: perUser(10) },
      schema: {
        tags,
        summary: 'Change the own password with a code sent to the bound e-mail/phone; other sessions end',
        body: ModifyPasswordBody,
        response: { 200: PwdType },
      },
    },
    async (request) => {
      const { way, verificationCode, newPassword } = request.body;
      return ok({
        userPwdType: await account.modifyPassword(request.auth!, way, verificationCode, newPassword),
      });
    },
  );

  app.post(
    '/a/api/user/sendVerificationCode',
    {
      config: { access: 'session', rateLimit: perUser(10) },
      schema: {
        tags,
        summary: 'Send a code: to a new e-mail/phone to bind (target), or to the bound one (no target)',
        body: SendVerificationCodeBody,
        response: { 200: Null },
      },
    },
    async (request) => {
      await account.sendCode(request.auth!, request.body.way, request.body.target);
      return ok(null, 'The verification code has been sent');
    },
  );

  app.post(
    '/a/api/user/checkVerificationCode',
    {
      config: { access: 'session', rateLimit: perUser(10) },
      schema: {
        tags,
        summary: 'Bind the e-mail/phone a code was sent to (409 when another account has it)',
        body: CheckVerificationCodeBody,
        response: { 200: Null },
      },
    },
    async (request) => {
      const { way, target, verificationCode } = request.body;
      await account.bind(request.auth!, way, target, verificationCode);
      return ok(null);
    },
  );
};

export default accountRoutes;
