import {
  ALARM_HANDLING,
  ALARM_SEVERITIES,
  AlarmNotificationSchema,
  AlarmSchema,
  EnvelopeOf,
  PageOf,
  PageQuery,
} from '@apm/contract';
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
import alarmRuleRoutes from './rule-routes.js';
import { ALARM_STATE_FILTERS, AlarmService, type AlarmFilters, type AlarmTarget } from './alarm-service.js';

const tags = ['alarm'];
const BASE = '/a/api/abnormalAlarm';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Filters shared by the list and the exports. */
const Filters = {
  type: Type.Optional(Type.Enum([...ALARM_TYPES])),
  severity: Type.Optional(Type.Enum([...ALARM_SEVERITIES])),
  handling: Type.Optional(
    Type.Enum([...ALARM_HANDLING], {
      description: 'new: not acknowledged; acknowledged: acknowledged, not resolved; resolved: cleaned up',
    }),
  ),
  assigneeId: Type.Optional(Id),
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

/** Which alarms a bulk action acts on: `ids`, or `all: true` with the filters (never by omission). */
const TargetBody = Type.Object({
  ids: Type.Optional(IdsSchema),
  all: Type.Optional(
    Type.Literal(true, { description: 'Every alarm matching the filters (instead of ids); never implied' }),
  ),
  ...Filters,
});
const Note = Type.String({ maxLength: 500 });

/**
 * The target of a bulk action; 400 unless exactly one of `ids` and `all` is given. `assigning`: the
 * body's `assigneeId` is the new assignee, not a filter.
 */
function targetOf(body: Record<string, unknown>, assigning = false): AlarmTarget {
  const { ids, all, note: _note, ...rest } = body;
  // A bulk action names its targets: an empty body must not mean "everything".
  if ((ids === undefined) === (all === undefined)) {
    const msg = 'ids: name the alarms, or send all: true with the filters (not both)';
    throw badRequest(msg, 'validation', { fields: { ids: msg } });
  }
  if (ids !== undefined) return { ids: idsOf(ids as Parameters<typeof idsOf>[0]) };
  if (assigning) delete rest.assigneeId;
  return { all: true, filters: rest as AlarmFilters };
}

/** `abnormal-alarms-20261122-010203` in UTC. */
const datedName = (prefix: string, now = new Date()) =>
  `${prefix}-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;

/** Abnormal alarms about terminals (`/a/api/abnormalAlarm/...`): list, details, clean-up, exports. */
const alarmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const alarms = new AlarmService(app.db);
  const notifier = app.services.alarmNotifier;
  app.addHook('onReady', async () => notifier.start(app.log));
  app.addHook('onClose', async () => notifier.stop());
  await app.register(alarmRuleRoutes);

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
        summary:
          'Whether alarms wait to be resolved in the caller’s data range, how many, how many are unacknowledged, and the newest id',
        response: {
          200: EnvelopeOf(
            Type.Object({
              has: Type.Boolean(),
              count: Type.Integer(),
              unacknowledged: Type.Integer(),
              latestId: Type.Union([Type.Integer(), Type.Null()]),
            }),
          ),
        },
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
        summary: 'One alarm with its terminal, office, who handled it and what the notification rules did',
        querystring: Type.Object({ id: Id }),
        response: {
          200: EnvelopeOf(
            Type.Object({ ...AlarmSchema.properties, notifications: Type.Array(AlarmNotificationSchema) }),
          ),
        },
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
          'Resolves (cleans up) the alarms named (all must be in scope) or, with all: true, every unresolved one matching the filters',
        body: TargetBody,
        response: { 200: EnvelopeOf(Type.Object({ cleared: Type.Integer() })) },
      },
    },
    async (request) => {
      const target = targetOf(request.body);
      const done = await alarms.cleanUp(request.auth!, target);
      request.log.info({ cleared: done.cleared, target }, 'abnormal alarms cleaned up');
      return ok(done);
    },
  );

  app.post(
    `${BASE}/acknowledge`,
    {
      config: { access: 'sys:alarm:edit' },
      schema: {
        tags,
        summary:
          'Acknowledges the alarms named or, with all: true, every unacknowledged unresolved one matching the filters; an optional note',
        body: Type.Object({ ...TargetBody.properties, note: Type.Optional(Note) }),
        response: { 200: EnvelopeOf(Type.Object({ acknowledged: Type.Integer() })) },
      },
    },
    async (request) => ok(await alarms.acknowledge(request.auth!, targetOf(request.body), request.body.note)),
  );

  app.post(
    `${BASE}/assign`,
    {
      config: { access: 'sys:alarm:edit' },
      schema: {
        tags,
        summary:
          'Assigns the unresolved alarms named (or all: true with filters) to a user of the caller’s organisation; null unassigns',
        body: Type.Object({
          ...TargetBody.properties,
          assigneeId: Type.Union([Id, Type.Null()]),
          note: Type.Optional(Note),
        }),
        response: { 200: EnvelopeOf(Type.Object({ assigned: Type.Integer() })) },
      },
    },
    async (request) =>
      ok(
        await alarms.assign(
          request.auth!,
          targetOf(request.body, true),
          request.body.assigneeId,
          request.body.note,
        ),
      ),
  );

  app.get(
    `${BASE}/assignees`,
    {
      config: { access: 'sys:alarm:edit' },
      schema: {
        tags,
        summary:
          'Enabled users of the caller’s organisation alarms can be assigned to (by name or login, at most 50)',
        querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: {
          200: EnvelopeOf(
            Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), loginName: Type.String() })),
          ),
        },
      },
    },
    async (request) => ok(await alarms.assignees(request.auth!, request.query.keyword)),
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
