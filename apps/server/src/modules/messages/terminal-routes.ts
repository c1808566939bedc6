import { EnvelopeOf, MessageSendResultSchema, TerminalCurrentMessageSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { TERMINAL_VIEWERS, TerminalIdsSchema } from '../terminals/schemas.js';
import { parseTerminalIds } from '../terminals/terminal-scope.js';
import { TERMINAL_MESSAGE_STOPPERS } from './schemas.js';

const tags = ['terminal'];
const SET = '/a/api/terminalSet';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A terminal's messages (`/a/api/terminalSet/getCurTerminalMessage|deleteTerminalMessage`). */
const terminalMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messageDelivery } = app.services;

  app.get(
    `${SET}/getCurTerminalMessage`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'The messages a terminal of the caller’s range holds (sent there, not stopped), newest send first, with their delivery state',
        querystring: Type.Object({ terminalId: Id }),
        response: { 200: EnvelopeOf(Type.Array(TerminalCurrentMessageSchema)) },
      },
    },
    async (request) => ok(await messageDelivery.ofTerminal(request.auth!, request.query.terminalId)),
  );

  app.post(
    `${SET}/deleteTerminalMessage`,
    {
      config: { access: TERMINAL_MESSAGE_STOPPERS },
      schema: {
        tags,
        summary:
          'Stops one message on some terminals (stopMessage; 404 naming a message or terminals outside your scope); it stays on the others',
        body: Type.Object({ terminalIds: TerminalIdsSchema, messageId: Id }),
        response: { 200: EnvelopeOf(MessageSendResultSchema) },
      },
    },
    async (request) => {
      const { messageId, terminalIds } = request.body;
      return ok(
        await messageDelivery.stopOnTerminals(request.auth!, messageId, parseTerminalIds(terminalIds)),
      );
    },
  );
};

export default terminalMessageRoutes;
