import { DisplaySettingsSchema, EnvelopeOf, heartbeatSecondsFor } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { fieldError } from '../users/user-access.js';
import { TerminalConsoleCommands } from './command-service.js';
import { SentSchema, Target, targetOf } from './command-target.js';
import { TERMINAL_VIEWERS } from './schemas.js';
import {
  displayPatch,
  patchSettings,
  settingsStates,
  TerminalSettingsStateSchema,
} from './settings-state.js';
import { parseTerminalIds } from './terminal-scope.js';

const tags = ['terminal'];
const SET = '/a/api/terminalSet';
/** Most terminals one settings-state call reads (a page of the settings page). */
export const MAX_STATE_IDS = 200;

/**
 * Display settings (`terminalSet/displaySet`: brightness, rotation, download window, screenshot
 * interval), kept in the terminals' settings and pushed as `displaySettings`; and the settings state
 * of terminals (`terminalSet/settingsState`) with each one's last delivery, for the settings page.
 */
const displayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const commands = new TerminalConsoleCommands(app.db, app.services.terminalCommands);

  app.post(
    `${SET}/displaySet`,
    {
      config: { access: 'terminal:settings:edit' },
      schema: {
        tags,
        summary:
          'Brightness (10–100 %), rotation (0/90/180/270), download window ({start, end} HH:MM, null: any time) and/or ' +
          'screenshot interval (minutes, 0: none): kept in the terminals’ settings (re-sent on connect) and sent as ' +
          '`displaySettings`; each terminal acks what it applied and what it cannot',
        body: Type.Object({ ...Target, ...DisplaySettingsSchema.properties }),
        response: { 200: EnvelopeOf(SentSchema) },
      },
    },
    async (request) => {
      const { brightness, rotation, downloadWindow, screenshotIntervalMinutes, ...body } = request.body;
      const values = { brightness, rotation, downloadWindow, screenshotIntervalMinutes };
      const params = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      if (!Object.keys(params).length) {
        throw fieldError(
          400,
          'brightness',
          'Give brightness, rotation, downloadWindow and/or screenshotIntervalMinutes',
        );
      }
      if (downloadWindow && downloadWindow.start === downloadWindow.end) {
        throw fieldError(400, 'downloadWindow', 'downloadWindow: start and end must differ');
      }
      const auth = request.auth!;
      const ids = await commands.resolve(auth, targetOf(body));
      const sent = await commands.send(
        auth,
        { terminalIds: ids },
        'displaySettings',
        params,
        body.ttlSeconds,
      );
      const { set, clear } = displayPatch(params);
      await patchSettings(app.db, ids, set, clear);
      request.log.info({ batchId: sent.batchId, count: ids.length, params }, 'display settings sent');
      return ok(sent);
    },
  );

  app.get(
    `${SET}/settingsState`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          `Settings of up to ${MAX_STATE_IDS} terminals in scope as kept and as reported, with the last delivery of ` +
          'each setting command (pending until acked); the heartbeat interval the server asks for',
        querystring: Type.Object({
          terminalIds: Type.String({
            maxLength: MAX_STATE_IDS * 11,
            description: 'Comma-joined terminal ids, e.g. "1,2,3"',
          }),
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              heartbeatSeconds: Type.Integer(),
              offlineSeconds: Type.Integer(),
              terminals: Type.Array(TerminalSettingsStateSchema),
            }),
          ),
        },
      },
    },
    async (request) => {
      const ids = parseTerminalIds(request.query.terminalIds, 'terminalIds');
      if (!ids.length) throw fieldError(400, 'terminalIds', 'terminalIds must name at least one terminal');
      if (ids.length > MAX_STATE_IDS) {
        throw fieldError(400, 'terminalIds', `terminalIds may name at most ${MAX_STATE_IDS} terminals`);
      }
      await app.services.terminalCommands.flush();
      const offlineSeconds = app.config.terminal.offlineSeconds;
      return ok({
        heartbeatSeconds: heartbeatSecondsFor(offlineSeconds),
        offlineSeconds,
        terminals: await settingsStates(app.db, app.services.terminalPresence, request.auth!, ids),
      });
    },
  );
};

export default displayRoutes;
