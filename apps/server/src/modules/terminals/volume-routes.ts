import { EnvelopeOf, PageOf, PageQuery, StrategyVolumeRuleSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { Id, Nullable, TERMINAL_VIEWERS } from './schemas.js';
import { SettingDeliverySchema } from './settings-state.js';
import { VolumeMessages } from './volume-service.js';

const tags = ['terminal'];
const SET = '/a/api/terminalSet';
const TerminalQuery = Type.Object({ terminalId: Id });

/** Volume messages (`terminalSet/getVolMsg|getVolMsgByType|volList`): volume settings and their history. */
const volumeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const volumes = new VolumeMessages(app.db, app.services.terminalPresence, app.services.terminalCommands);

  app.get(
    `${SET}/getVolMsg`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'A terminal’s volume: the one set (kept, re-sent on connect), the one it reports, and the last volume command',
        querystring: TerminalQuery,
        response: {
          200: EnvelopeOf(
            Type.Object({
              terminalId: Type.Integer(),
              name: Type.String(),
              online: Type.Boolean(),
              setting: Nullable(Type.Integer()),
              reported: Nullable(Type.Integer()),
              lastCommand: Nullable(SettingDeliverySchema),
            }),
          ),
        },
      },
    },
    async (request) => ok(await volumes.current(request.auth!, request.query.terminalId)),
  );

  app.get(
    `${SET}/getVolMsgByType`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'A terminal’s volume by source: manual (set in the console), strategy (its rules by time of day), default (100)',
        querystring: TerminalQuery,
        response: {
          200: EnvelopeOf(
            Type.Object({
              terminalId: Type.Integer(),
              manual: Nullable(Type.Integer()),
              strategy: Nullable(
                Type.Object({
                  id: Type.Integer(),
                  name: Type.String(),
                  rules: Type.Array(StrategyVolumeRuleSchema),
                }),
              ),
              default: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await volumes.bySource(request.auth!, request.query.terminalId)),
  );

  app.get(
    `${SET}/volList`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'History of volume commands (of one terminal, or all in scope), newest first, paged, with their delivery state',
        querystring: Type.Object({ terminalId: Type.Optional(Id), ...PageQuery.properties }),
        response: {
          200: EnvelopeOf(
            PageOf(
              Type.Object({
                ...SettingDeliverySchema.properties,
                terminalId: Type.Integer(),
                terminalName: Type.String(),
                volume: Nullable(Type.Integer()),
                createdBy: Nullable(Type.String()),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, terminalId } = request.query;
      return ok(await volumes.history(request.auth!, terminalId, { pageNo, pageSize }));
    },
  );
};

export default volumeRoutes;
