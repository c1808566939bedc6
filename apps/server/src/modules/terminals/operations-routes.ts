import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { announceManifests } from '../programs/announce.js';
import { TerminalConsoleCommands } from './command-service.js';
import { SentSchema, Target, targetOf } from './command-target.js';
import { TerminalOperations } from './operations-service.js';
import { Id, Nullable, TERMINAL_VIEWERS } from './schemas.js';
import { SettingDeliverySchema } from './settings-state.js';

const tags = ['terminal'];
const SET = '/a/api/terminalSet';
const Time = Nullable(Type.String());

const PlayQueueSchema = Type.Object({
  terminalId: Type.Integer(),
  programs: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      position: Type.Integer(),
      sort: Type.Integer(),
      startAt: Time,
      endAt: Time,
    }),
  ),
  plans: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

const CountsQuery = Type.Object({
  terminalId: Type.Optional(Id),
  groupId: Type.Optional(Id),
  officeId: Type.Optional(Type.Integer({ ...Id, description: 'The terminals of this office and below' })),
});
const CountsSchema = Type.Object({
  terminals: Type.Integer(),
  programs: Type.Integer(),
  plans: Type.Integer(),
  messages: Type.Integer(),
  publications: Type.Object({ programs: Type.Integer(), plans: Type.Integer(), messages: Type.Integer() }),
});

/**
 * Terminal operations: republish (`republishProgram`), the play queue (`programPlayQueue`, read
 * and set), the last app update (`apkUpdateInfo`) and publish counts (`publishCounts`, GET and POST).
 */
const operationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const commands = new TerminalConsoleCommands(app.db, app.services.terminalCommands);
  const operations = new TerminalOperations(app.db, app.services.terminalPresence);
  const announce = (ids: number[]) =>
    announceManifests(app.services.programManifest, app.services.terminalBus, ids);

  app.post(
    `${SET}/republishProgram`,
    {
      config: { access: ['terminal:settings:edit', 'terminal:monitor:command'] },
      schema: {
        tags,
        summary:
          'Sends the terminals their current programs again: their manifest is announced and `refreshPrograms` makes each fetch it and download what it lacks',
        body: Type.Object(Target),
        response: { 200: EnvelopeOf(SentSchema) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const ids = await commands.resolve(auth, targetOf(request.body));
      const sent = await commands.send(
        auth,
        { terminalIds: ids },
        'refreshPrograms',
        {},
        request.body.ttlSeconds,
      );
      await announce(ids);
      request.log.info({ batchId: sent.batchId, count: ids.length }, 'programs republished');
      return ok(sent);
    },
  );

  app.get(
    `${SET}/programPlayQueue`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'The order the terminal rotates its published programs in (outside plan entries), and the plans published to it',
        querystring: Type.Object({ terminalId: Id }),
        response: { 200: EnvelopeOf(PlayQueueSchema) },
      },
    },
    async (request) => ok(await operations.playQueue(request.auth!, request.query.terminalId)),
  );

  app.post(
    `${SET}/programPlayQueue`,
    {
      config: { access: 'terminal:settings:edit' },
      schema: {
        tags,
        summary:
          'Sets the play order of the terminal’s published programs (programIds: each of them once, first plays first); the terminal gets the new manifest',
        body: Type.Object({
          terminalId: Id,
          programIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
        }),
        response: { 200: EnvelopeOf(PlayQueueSchema) },
      },
    },
    async (request) => {
      const { terminalId, programIds } = request.body;
      if (await operations.setPlayQueue(request.auth!, terminalId, programIds)) await announce([terminalId]);
      return ok(await operations.playQueue(request.auth!, terminalId));
    },
  );

  app.get(
    `${SET}/apkUpdateInfo`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'The app version the terminal reports and the last app update sent to it, with its delivery state',
        querystring: Type.Object({ terminalId: Id }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              terminalId: Type.Integer(),
              platform: Type.String(),
              appVersion: Nullable(Type.String()),
              lastUpdate: Nullable(
                Type.Object({
                  ...SettingDeliverySchema.properties,
                  version: Nullable(Type.String()),
                  url: Nullable(Type.String()),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await operations.apkUpdateInfo(request.auth!, request.query.terminalId)),
  );

  const countsSummary =
    'How many programs, plans and messages (not stopped) are published to a terminal, or to the terminals of a group or an office (name exactly one)';
  app.get(
    `${SET}/publishCounts`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: countsSummary,
        querystring: CountsQuery,
        response: { 200: EnvelopeOf(CountsSchema) },
      },
    },
    async (request) => ok(await operations.publishCounts(request.auth!, request.query)),
  );
  app.post(
    `${SET}/publishCounts`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: countsSummary,
        body: CountsQuery,
        response: { 200: EnvelopeOf(CountsSchema) },
      },
    },
    async (request) => ok(await operations.publishCounts(request.auth!, request.body)),
  );
};

export default operationsRoutes;
