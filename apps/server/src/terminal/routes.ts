import {
  EnvelopeOf,
  RegistrationSchema,
  TERMINAL_MAX_SCREENSHOT_BYTES,
  TerminalRegisterBodySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../lib/envelope.js';
import { badRequest, notFound } from '../lib/errors.js';
import { serveStoredFile } from '../modules/materials/file-serving.js';
import { requireClaimedDevice, requireDevice } from './device-auth.js';
import { registrationOf } from './device-service.js';

const tags = ['terminal (device)'];
const BASE = '/terminal';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

/**
 * Device-side calls of the terminal protocol (`/apm-web/terminal/...`): registration, the
 * terminal's own record, its manifest and files, screenshots and weather; plus the channel.
 * Device calls authenticate by `Authorization: Device <token>` or `?token=` (masked in logs).
 */
const terminalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { terminalDevices: devices, terminalGateway: gateway, programManifest, filesDir } = app.services;

  // Screenshots arrive as raw image bytes; this parser only applies to the routes of this plugin.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: TERMINAL_MAX_SCREENSHOT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    `${BASE}/register`,
    {
      config: {
        access: 'public',
        // Device calls are not operator actions: kept out of the audit log (a fleet would flood it).
        audit: false,
        rateLimit: { max: app.config.terminal.registerRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary:
          'Registers a device: answers its token (only here) and pairing code; 409 when the device id is registered already',
        body: TerminalRegisterBodySchema,
        response: { 200: EnvelopeOf(RegistrationSchema) },
      },
    },
    async (request) => ok(await devices.register(request.body, request.ip)),
  );

  app.get(
    `${BASE}/me`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The calling terminal: state, pairing code while pending, name',
        querystring: TokenQuery,
        response: { 200: EnvelopeOf(RegistrationSchema) },
      },
    },
    async (request) =>
      ok(registrationOf(await requireDevice(request, devices), undefined, devices.heartbeatSeconds)),
  );

  app.get(
    `${BASE}/manifest`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'What the terminal plays now and next; ETag is the version (304 on If-None-Match); 403 while pending',
        querystring: TokenQuery,
      },
    },
    async (request, reply) => {
      const terminal = await requireClaimedDevice(request, devices);
      const match = request.headers['if-none-match'];
      const matches = (version: string) =>
        Boolean(match?.split(',').some((t) => t.trim().replace(/^W\//, '') === `"${version}"`));
      // Revalidation only needs the version (batched with other terminals' lookups).
      const current = match ? await gateway.manifestVersion(terminal.id) : undefined;
      if (current && matches(current)) {
        return reply.code(304).header('ETag', `"${current}"`).header('Cache-Control', 'no-cache').send();
      }
      const manifest = await programManifest.forTerminal(terminal.id);
      reply.header('ETag', `"${manifest.version}"`).header('Cache-Control', 'no-cache');
      if (matches(manifest.version)) return reply.code(304).send();
      return ok(manifest);
    },
  );

  app.get(
    `${BASE}/files/:materialId`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Bytes of a material of the terminal’s manifest (Range, ETag); 404 for materials not in its manifest',
        params: Type.Object({ materialId: Id }),
        querystring: TokenQuery,
      },
    },
    async (request, reply) => {
      const terminal = await requireClaimedDevice(request, devices);
      const file = await programManifest.fileFor(terminal.id, request.params.materialId);
      if (!file) throw notFound(`Material ${request.params.materialId} is not in this terminal’s manifest`);
      return serveStoredFile(request, reply, filesDir, {
        relPath: file.relPath,
        contentType: file.mime,
        fileName: `${file.id}`,
        maxAgeSeconds: 3600,
      });
    },
  );

  app.post(
    `${BASE}/screenshots`,
    {
      bodyLimit: TERMINAL_MAX_SCREENSHOT_BYTES,
      // Not audited: the body is image bytes, and the command that asked for it is on record.
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: 'Uploads a screenshot (raw PNG, JPEG or WebP body, at most 8 MiB), optionally for a command',
        querystring: Type.Object({ commandId: Type.Optional(Id), token: Type.Optional(Type.String()) }),
        response: { 200: EnvelopeOf(Type.Object({ screenshotId: Type.Integer() })) },
      },
    },
    async (request) => {
      const terminal = await requireDevice(request, devices);
      if (!Buffer.isBuffer(request.body)) {
        throw badRequest('body must be the image bytes (Content-Type image/png, image/jpeg or image/webp)');
      }
      const saved = await app.services.terminalScreenshots.save(
        terminal.id,
        request.body,
        request.query.commandId ?? null,
        request.log,
      );
      return ok(saved);
    },
  );

  app.get(
    `${BASE}/weather`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Current weather of a city for the weather widget (503 when the weather source is unreachable)',
        querystring: Type.Object({
          city: Type.String({ minLength: 1, maxLength: 100 }),
          units: Type.Optional(Type.Enum(['metric', 'imperial'])),
          token: Type.Optional(Type.String()),
        }),
      },
    },
    async (request) => {
      await requireDevice(request, devices);
      return ok(await app.services.weather.current(request.query.city, request.query.units ?? 'metric'));
    },
  );

  app.route({
    method: 'GET',
    url: `${BASE}/ws`,
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'The terminal channel (WebSocket; `token` query): welcome, heartbeats, commands and acks; closes 4401 for a bad token',
      querystring: TokenQuery,
    },
    handler: async () => {
      throw badRequest('This is the terminal channel: open it as a WebSocket (Upgrade: websocket)');
    },
    wsHandler: (socket, request) => {
      void gateway.accept(socket, (request.query as { token?: string }).token);
    },
  });
};

export default terminalRoutes;
