import {
  DebugCommandSentSchema,
  DebugErrorsResultSchema,
  DebugLogPageSchema,
  DebugPingResultSchema,
  DebugStreamLeaseSchema,
  EnvelopeOf,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createSharedStore } from '../../cluster/shared-store.js';
import { ok } from '../../lib/envelope.js';
import type { Access } from '../../plugins/auth.js';
import { TerminalConsoleCommands } from '../terminals/command-service.js';
import { Id } from '../terminals/schemas.js';
import { TerminalDebugHub } from './debug-hub.js';
import { TerminalDebugService, type DebugCommand } from './debug-service.js';
import { CURSOR_PATTERN } from './log-buffer.js';

const tags = ['terminal'];
const BASE = '/a/api/terminalDebug';
const VIEW: Access = 'terminal:debug:view';
const COMMAND: Access = 'terminal:debug:command';

const TerminalQuery = Type.Object({ terminalId: Id });
const WatchBody = Type.Object({
  terminalId: Id,
  watcherId: Type.String({
    pattern: '^[A-Za-z0-9-]{8,64}$',
    description: 'Names this console page (random, made once per page) among the consoles watching',
  }),
});

/**
 * Terminal debugging (`/a/api/terminalDebug/...`): a terminal's live log stream on leases, its last
 * errors, a ping timed over its channel, and reload / clear cache as acknowledged commands.
 */
const terminalDebugRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { cluster, terminalBus, terminalGateway, terminalPresence, terminalCommands } = app.services;
  const hub = new TerminalDebugHub({
    store: createSharedStore(cluster),
    bus: terminalBus,
    shared: cluster.redis !== null,
  });
  terminalGateway.debugSink = hub;
  app.addHook('onClose', async () => {
    if (terminalGateway.debugSink === hub) terminalGateway.debugSink = null;
    await hub.settled();
  });
  const debug = new TerminalDebugService(
    app.db,
    hub,
    terminalPresence,
    new TerminalConsoleCommands(app.db, terminalCommands),
  );

  app.post(
    `${BASE}/ping`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          'Pings a terminal over its channel: the round trip in ms, or why there was no answer (offline, timeout after 5 s)',
        body: TerminalQuery,
        response: { 200: EnvelopeOf(DebugPingResultSchema) },
      },
    },
    async (request) => ok(await debug.ping(request.auth!, request.body.terminalId)),
  );

  app.get(
    `${BASE}/errors`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          'The last errors a terminal kept (newest first), asked over its channel, or why it did not answer',
        querystring: TerminalQuery,
        response: { 200: EnvelopeOf(DebugErrorsResultSchema) },
      },
    },
    async (request) => ok(await debug.errors(request.auth!, request.query.terminalId)),
  );

  app.post(
    `${BASE}/logStream`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          'Starts or renews this console’s 60-second lease on a terminal’s live log stream (renew it while watching)',
        body: WatchBody,
        response: { 200: EnvelopeOf(DebugStreamLeaseSchema) },
      },
    },
    async (request) => {
      const { terminalId, watcherId } = request.body;
      return ok(await debug.openStream(request.auth!, terminalId, watcherId));
    },
  );

  app.post(
    `${BASE}/closeLogStream`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Ends this console’s lease; the terminal stops streaming when no console watches',
        body: WatchBody,
        response: { 200: EnvelopeOf(DebugStreamLeaseSchema) },
      },
    },
    async (request) => {
      const { terminalId, watcherId } = request.body;
      return ok(await debug.closeStream(request.auth!, terminalId, watcherId));
    },
  );

  app.get(
    `${BASE}/logs`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Streamed log lines of a terminal after the cursor (the last 500 kept), and the next cursor',
        querystring: Type.Object({
          terminalId: Id,
          cursor: Type.Optional(
            Type.String({ pattern: CURSOR_PATTERN, description: 'The cursor of the previous answer' }),
          ),
        }),
        response: { 200: EnvelopeOf(DebugLogPageSchema) },
      },
    },
    async (request) => ok(await debug.logs(request.auth!, request.query.terminalId, request.query.cursor)),
  );

  const commandRoute = (path: string, name: DebugCommand, summary: string) =>
    app.post(
      `${BASE}/${path}`,
      {
        config: { access: COMMAND },
        schema: { tags, summary, body: TerminalQuery, response: { 200: EnvelopeOf(DebugCommandSentSchema) } },
      },
      async (request) => {
        const sent = await debug.command(request.auth!, request.body.terminalId, name);
        request.log.info({ command: name, commandId: sent.commandId }, 'terminal debug command sent');
        return ok(sent);
      },
    );
  commandRoute('reload', 'reboot', 'Reloads the terminal (the web player reloads once it acknowledged)');
  commandRoute(
    'clearCache',
    'clearCache',
    'The terminal empties its media cache and stored manifest, fetches everything again, then acknowledges',
  );
};

export default terminalDebugRoutes;
