import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { SentSchema } from '../terminals/command-target.js';
import { TerminalConsoleCommands } from '../terminals/command-service.js';
import { Id } from '../terminals/schemas.js';
import { MAP_STATES, TerminalMapService } from './map-points.js';
import suggestionRoutes from './suggestion-routes.js';

const tags = ['terminal'];
const gzipAsync = promisify(gzip);
/** Answers smaller than this are sent as they are: compressing them saves nothing worth the time. */
const GZIP_MIN_BYTES = 2048;

const StateSchema = Type.Enum([...MAP_STATES]);

const MapPointsSchema = Type.Object({
  points: Type.Array(Type.Tuple([Type.Integer(), Type.Number(), Type.Number(), StateSchema, Type.String()]), {
    description: '[id, latitude, longitude, state, name] of every positioned terminal',
  }),
  unpositioned: Type.Array(Type.Tuple([Type.Integer(), StateSchema, Type.String()]), {
    description: '[id, state, name] of the first 200 terminals without a position',
  }),
  unpositionedCount: Type.Integer(),
});

/** The terminal map (`sysManage/terminalMap`): its points, placing a terminal by hand, address suggestions. */
const terminalMapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const map = new TerminalMapService(app.db, app.services.terminalPresence);
  const commands = new TerminalConsoleCommands(app.db, app.services.terminalCommands);
  await app.register(suggestionRoutes);

  app.get(
    '/a/api/terminal/mapPoints',
    {
      config: { access: 'terminal:map:view' },
      schema: {
        tags,
        summary:
          'Claimed terminals in the caller’s data range as compact map points, filtered by office (and below), group (and subgroups) ' +
          'and state (online, abnormal = online with an open alarm, offline); plus those without a position. ETag (304), gzip',
        querystring: Type.Object({
          officeId: Type.Optional(Type.Integer({ ...Id, description: 'Terminals of this office and below' })),
          groupId: Type.Optional(Type.Integer({ ...Id, description: 'Terminals of this group and below' })),
          state: Type.Optional(StateSchema),
        }),
        response: { 200: EnvelopeOf(MapPointsSchema) },
      },
    },
    async (request, typedReply) => {
      // The answer is serialised here (for its ETag and gzip), so it is sent as text or bytes.
      const reply = typedReply as unknown as FastifyReply;
      const json = JSON.stringify(ok(await map.points(request.auth!, request.query)));
      const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Accept-Encoding');
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      reply.type('application/json; charset=utf-8');
      const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (!accepts || json.length < GZIP_MIN_BYTES) return reply.send(json);
      return reply.header('content-encoding', 'gzip').send(await gzipAsync(json));
    },
  );

  app.post(
    '/a/api/terminal/setMapPosition',
    {
      config: { access: 'terminal:settings:edit' },
      schema: {
        tags,
        summary:
          'Places a terminal on the map by hand: kept on the terminal row and sent to it as setLocation (as sendLocationOrder); ' +
          '404 for a terminal outside the caller’s scope',
        body: Type.Object({
          id: Id,
          latitude: Type.Number({ minimum: -90, maximum: 90 }),
          longitude: Type.Number({ minimum: -180, maximum: 180 }),
          address: Type.Optional(Type.String({ maxLength: 300 })),
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              id: Type.Integer(),
              latitude: Type.Number(),
              longitude: Type.Number(),
              batchId: SentSchema.properties.batchId,
            }),
          ),
        },
      },
    },
    async (request) => {
      const { id, latitude, longitude, address } = request.body;
      const auth = request.auth!;
      await map.assertPlaceable(auth, id);
      const params = { latitude, longitude, ...(address ? { address } : {}) };
      const sent = await commands.send(auth, { terminalIds: [id] }, 'setLocation', params);
      await map.storePosition(id, latitude, longitude, address || null);
      request.log.info({ id, latitude, longitude, batchId: sent.batchId }, 'terminal placed on the map');
      return ok({ id, latitude, longitude, batchId: sent.batchId });
    },
  );
};

export default terminalMapRoutes;
