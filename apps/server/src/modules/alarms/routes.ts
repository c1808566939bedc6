import { EnvelopeOf, PageOf, PageQuery } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ALARM_TYPES } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { IdsSchema, idsOf } from '../materials/ids.js';
import {
  ALARM_EXPORT_FORMATS,
  ALARM_EXPORT_MIME,
  alarmExportHeaders,
  alarmExportStream,
} from './alarm-export.js';
import { ALARM_STATE_FILTERS, AlarmService } from './alarm-service.js';

const tags = ['alarm'];
const BASE = '/a/api/abnormalAlarm';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** Filters shared by the list and the exports. */
const Filters = {
  type: Type.Optional(Type.Enum([...ALARM_TYPES])),
  state: Type.Optional(
    Type.Enum([...ALARM_STATE_FILTERS], {
      description: 'active: not ended; ended; cleared: cleaned up by an operator; uncleared',
    }),
  ),
  terminalId: Type.Optional(Id),
  officeId: Type.Optional(Type.Integer({ ...Id, description: 'Alarms of this office and below' })),
  keyword: Type.Optional(
    Type.String({ maxLength: 100, description: 'Part of the terminal name or device id' }),
  ),
  from: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO 8601 date or time, inclusive (raisedAt)' }),
  ),
  to: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO 8601 date or time, inclusive (raisedAt)' }),
  ),
};

const AlarmSchema = Type.Object({
  id: Type.Integer(),
  terminalId: Type.Integer(),
  terminalName: Type.String(),
  deviceId: Type.String(),
  officeId: Nullable(Type.Integer()),
  officeName: Nullable(Type.String()),
  type: Type.Enum([...ALARM_TYPES]),
  detail: Nullable(Type.Object({}, { additionalProperties: true })),
  raisedAt: Type.String(),
  endedAt: Nullable(Type.String()),
  clearedAt: Nullable(Type.String()),
  clearedByName: Nullable(Type.String()),
});

/** `abnormal-alarms-20261122-010203` in UTC. */
const datedName = (prefix: string, now = new Date()) =>
  `${prefix}-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;

/** Abnormal alarms about terminals (`/a/api/abnormalAlarm/...`): list, details, clean-up, exports. */
const alarmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const alarms = new AlarmService(app.db);

  app.get(
    `${BASE}/abnormalAlarmList`,
    {
      config: { access: 'sys:alarm:view' },
      schema: {
        tags,
        summary: 'Alarms in the caller’s data range, newest first, filtered and paged',
        querystring: Type.Object({ ...PageQuery.properties, ...Filters }),
        response: { 200: EnvelopeOf(PageOf(AlarmSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await alarms.list(request.auth!, filters, { pageNo, pageSize }));
    },
  );

  app.get(
    `${BASE}/askIsHaveAbnormalAlarm`,
    {
      config: { access: 'sys:alarm:view' },
      schema: {
        tags,
        summary: 'Whether alarms wait to be cleaned up in the caller’s data range, and how many',
        response: { 200: EnvelopeOf(Type.Object({ has: Type.Boolean(), count: Type.Integer() })) },
      },
    },
    async (request) => ok(await alarms.pending(request.auth!)),
  );

  app.get(
    `${BASE}/abnormalAlarmClearDeail`,
    {
      config: { access: 'sys:alarm:view' },
      schema: {
        tags,
        summary: 'One alarm with its terminal, office and who cleaned it up',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(AlarmSchema) },
      },
    },
    async (request) => ok(await alarms.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/abnormalAlarmCleanUp`,
    {
      config: { access: 'sys:alarm:edit' },
      schema: {
        tags,
        summary:
          'Cleans up the alarms named (all must be in scope) or, with all: true, every uncleared one in scope',
        body: Type.Object({
          ids: Type.Optional(IdsSchema),
          all: Type.Optional(
            Type.Literal(true, {
              description: 'Every uncleared alarm in scope (instead of ids); never implied',
            }),
          ),
        }),
        response: { 200: EnvelopeOf(Type.Object({ cleared: Type.Integer() })) },
      },
    },
    async (request) => {
      // A bulk clean-up names its targets: an empty body must not mean "everything".
      if ((request.body.ids === undefined) === (request.body.all === undefined)) {
        const msg = 'ids: name the alarms to clean up, or send all: true (not both)';
        throw badRequest(msg, 'validation', { fields: { ids: msg } });
      }
      const ids = request.body.ids === undefined ? undefined : idsOf(request.body.ids);
      const done = await alarms.cleanUp(request.auth!, ids);
      request.log.info({ cleared: done.cleared, ids }, 'abnormal alarms cleaned up');
      return ok(done);
    },
  );

  const exportRoute = (name: string, summary: string, only: boolean) =>
    app.post(
      `${BASE}/${name}`,
      {
        config: { access: 'sys:alarm:export' },
        schema: {
          tags,
          summary,
          body: Type.Object({
            format: Type.Enum([...ALARM_EXPORT_FORMATS]),
            ids: Type.Optional(IdsSchema),
            ...Filters,
          }),
        },
      },
      async (request, reply) => {
        const { format, ids: rawIds, ...filters } = request.body;
        const ids = rawIds === undefined ? undefined : idsOf(rawIds);
        // "Only": the alarms named, or else those still happening.
        const chosen = only && !ids?.length ? { ...filters, state: 'active' as const } : filters;
        await alarms.conditions(request.auth!, chosen);
        const rows = alarms.exportRows(request.auth!, chosen, only ? ids : undefined);
        const stream = alarmExportStream(format, alarmExportHeaders(request.cookies.language), rows, (err) =>
          request.log.error({ err }, 'alarm export failed'),
        );
        request.log.info({ format, filters: chosen, ids }, 'alarm export started');
        return reply
          .header('Content-Type', ALARM_EXPORT_MIME[format])
          .header('Content-Disposition', `attachment; filename="${datedName('abnormal-alarms')}.${format}"`)
          .header('Cache-Control', 'no-store')
          .send(stream);
      },
    );

  exportRoute(
    'allAbnormalAlarmExport',
    'Streams every alarm matching the filters as CSV (UTF-8 with BOM) or XLSX; headers in the language cookie’s language',
    false,
  );
  exportRoute(
    'onlyAbnormalAlarmExport',
    'Streams only the alarms named by ids, or without ids only those still happening (not ended), as CSV or XLSX',
    true,
  );
};

export default alarmRoutes;
