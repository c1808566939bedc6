import {
  COMMAND_PARAMS,
  COMMAND_STATE_VALUES,
  CommandDeliverySchema,
  EnvelopeOf,
  PageOf,
  PageQuery,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { terminals } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { commandParamsError } from '../../terminal/commands.js';
import { announceManifests } from '../programs/announce.js';
import { TIME_ZONE_MAX, zoneInput } from '../plans/time-zones.js';
import { fieldError } from '../users/user-access.js';
import { TerminalConsoleCommands } from './command-service.js';
import { SentSchema, Target, targetOf } from './command-target.js';
import { Id, TERMINAL_VIEWERS } from './schemas.js';

const tags = ['terminal'];
const SET = '/a/api/terminalSet';

/** A power schedule from a JSON array, or its JSON text (form bodies); 400 naming `powerSchedule`. */
function scheduleOf(raw: unknown[] | string): unknown[] {
  // The validator's type coercion wraps a lone JSON text into an array of it.
  if (Array.isArray(raw) && raw.length === 1 && typeof raw[0] === 'string') raw = raw[0];
  if (Array.isArray(raw)) return raw;
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value)) return value;
  } catch {
    // Answered below.
  }
  throw fieldError(400, 'powerSchedule', 'powerSchedule must be a JSON array of {weekdays, on, off}');
}

/** Settings sent as commands (volume, power schedule, location) and the delivery state of commands. */
const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const commands = new TerminalConsoleCommands(app.db, app.services.terminalCommands);
  const send = commands.send.bind(commands);

  app.post(
    `${SET}/terminalSet`,
    {
      config: { access: 'terminal:settings:edit' },
      schema: {
        tags,
        summary:
          'Volume and/or power schedule: kept in the terminals’ settings (re-sent on connect) and sent as commands; ' +
          'timeZone (IANA; null clears it: the office’s applies) is kept in the settings and their plans follow it (their manifests change)',
        body: Type.Object({
          ...Target,
          volume: Type.Optional(COMMAND_PARAMS.volume.properties.volume),
          powerSchedule: Type.Optional(
            Type.Union([Type.Array(Type.Unknown(), { maxItems: 50 }), Type.String({ maxLength: 20_000 })], {
              description: '[{weekdays: 0–6[], on: "HH:MM", off: "HH:MM"}] (JSON text in form bodies)',
            }),
          ),
          timeZone: Type.Optional(
            Type.Union([Type.String({ maxLength: TIME_ZONE_MAX }), Type.Null()], {
              description:
                'IANA time zone of the terminals’ plans, e.g. Europe/Berlin; null or empty clears it',
            }),
          ),
        }),
        response: {
          200: EnvelopeOf(Type.Object({ batchIds: Type.Array(Type.String()), count: Type.Integer() })),
        },
      },
    },
    async (request) => {
      const { volume, powerSchedule, timeZone: zoneRaw, ...body } = request.body;
      const entries = powerSchedule === undefined ? undefined : scheduleOf(powerSchedule);
      const timeZone = zoneInput(zoneRaw);
      if (volume === undefined && entries === undefined && timeZone === undefined) {
        throw fieldError(400, 'volume', 'Give volume, powerSchedule and/or timeZone');
      }
      // Both are checked before either is sent: a bad schedule must not leave the volume half-applied.
      const problem = entries !== undefined ? commandParamsError('powerSchedule', { entries }) : null;
      if (problem)
        throw fieldError(400, 'powerSchedule', problem.replace(/^params\.entries/, 'powerSchedule'));
      const auth = request.auth!;
      const ids = await commands.resolve(auth, targetOf(body));
      const batches = [];
      if (volume !== undefined)
        batches.push(await send(auth, { terminalIds: ids }, 'volume', { volume }, body.ttlSeconds));
      if (entries !== undefined) {
        batches.push(await send(auth, { terminalIds: ids }, 'powerSchedule', { entries }, body.ttlSeconds));
      }
      const patch = {
        ...(volume !== undefined ? { volume } : {}),
        ...(entries !== undefined ? { powerSchedule: entries } : {}),
        ...(timeZone ? { timeZone } : {}),
      };
      const merged = sql`${terminals.settings} || ${JSON.stringify(patch)}::jsonb`;
      await app.db
        .update(terminals)
        .set({
          settings: timeZone === null ? sql`(${merged}) - 'timeZone'` : merged,
          updatedAt: new Date(),
        })
        .where(inArray(terminals.id, ids));
      // The zone is part of the manifest (plans are read in it): the terminals fetch theirs again.
      if (timeZone !== undefined)
        await announceManifests(app.services.programManifest, app.services.terminalBus, ids);
      request.log.info(
        { batchIds: batches.map((b) => b.batchId), count: ids.length, patch },
        'terminal settings sent',
      );
      return ok({ batchIds: batches.map((b) => b.batchId), count: ids.length });
    },
  );

  app.post(
    `${SET}/sendLocationOrder`,
    {
      config: { access: 'terminal:settings:edit' },
      schema: {
        tags,
        summary: 'Sets the terminals’ location (kept on the terminal rows and sent as setLocation)',
        body: Type.Object({ ...Target, ...COMMAND_PARAMS.setLocation.properties }),
        response: { 200: EnvelopeOf(SentSchema) },
      },
    },
    async (request) => {
      const { latitude, longitude, address, ...body } = request.body;
      const auth = request.auth!;
      const ids = await commands.resolve(auth, targetOf(body));
      const params = { latitude, longitude, ...(address !== undefined ? { address } : {}) };
      const sent = await send(auth, { terminalIds: ids }, 'setLocation', params, body.ttlSeconds);
      await app.db
        .update(terminals)
        .set({ latitude, longitude, address: address ?? null, updatedAt: new Date() })
        .where(inArray(terminals.id, ids));
      return ok(sent);
    },
  );

  app.get(
    '/a/api/terminal/commands',
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'Delivery state of a batch (batchId) or of one terminal’s commands (terminalId), newest first, paged',
        querystring: Type.Object({
          batchId: Type.Optional(Type.String({ maxLength: 64 })),
          terminalId: Type.Optional(Id),
          state: Type.Optional(Type.Enum([...COMMAND_STATE_VALUES])),
          ...PageQuery.properties,
        }),
        response: { 200: EnvelopeOf(PageOf(CommandDeliverySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filter } = request.query;
      return ok(await commands.deliveries(request.auth!, filter, { pageNo, pageSize }));
    },
  );

  app.get(
    '/a/api/terminal/commandSummary',
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'How many commands of a batch are queued, sent, acked, failed, expired',
        querystring: Type.Object({ batchId: Type.String({ maxLength: 64 }) }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              total: Type.Integer(),
              ...Object.fromEntries(COMMAND_STATE_VALUES.map((s) => [s, Type.Integer()])),
            }),
          ),
        },
      },
    },
    async (request) => ok(await commands.summary(request.auth!, request.query.batchId)),
  );
};

export default settingsRoutes;
