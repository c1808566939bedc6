import {
  EnvelopeOf,
  LOG_EXPORT_FORMATS,
  LOG_PAGE_SIZE_MAX,
  LOG_STATUSES,
  LOG_TYPES,
  type LogScrollPage,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { exportHeaders } from './export-headers.js';
import { exportStream } from './log-export.js';

const tags = ['log'];
const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Filters shared by the list and the export. */
const Filters = {
  user: Type.Optional(
    Type.String({ maxLength: 100, description: 'Part of the login name or name, or a user id' }),
  ),
  type: Type.Optional(
    Type.Enum([...LOG_TYPES], { description: 'Kind of entry, derived from route and method' }),
  ),
  from: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601, inclusive' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601, inclusive; not before from' })),
  path: Type.Optional(Type.String({ maxLength: 500, description: 'Part of the request path' })),
  status: Type.Optional(Type.Enum([...LOG_STATUSES], { description: 'success: HTTP status < 400' })),
};

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const LogItemSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: 'ISO 8601' }),
  userId: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  officeId: Nullable(Type.Integer()),
  officeName: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  method: Type.String(),
  path: Type.String(),
  action: Type.String(),
  type: Type.Enum([...LOG_TYPES]),
  status: Type.Integer(),
  code: Type.Integer(),
  msg: Nullable(Type.String()),
  durationMs: Type.Integer(),
});

const LogDetailsSchema = Type.Object({
  ...LogItemSchema.properties,
  params: Nullable(Type.Record(Type.String(), Type.Unknown())),
  userAgent: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
});

const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `system-log-20261121-175200` in UTC. */
const datedName = (now: Date) =>
  `system-log-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;

/** System log: scrolling list, details and streamed exports of the audit log: HTTP routes. */
const logsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { logs } = app.services;

  app.get(
    '/a/api/log/ajaxScrollLog',
    {
      config: { access: 'sys:log:view' },
      schema: {
        tags,
        summary: 'Log entries in the caller’s data range, newest first; keyset paging by lastId (no count)',
        querystring: Type.Object({
          lastId: Type.Optional(
            Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'lastId of the previous page' }),
          ),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LOG_PAGE_SIZE_MAX, default: 20 })),
          ...Filters,
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              list: Type.Array(LogItemSchema),
              hasMore: Type.Boolean(),
              lastId: Nullable(Type.Integer()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { lastId, pageSize = 20, ...filters } = request.query;
      const page: LogScrollPage = await logs.scroll(request.auth!, filters, lastId, pageSize);
      return ok(page);
    },
  );

  app.get(
    '/a/api/log/detailsFunc',
    {
      config: { access: 'sys:log:view' },
      schema: {
        tags,
        summary: 'One log entry in the caller’s data range with every field (secrets masked on write)',
        querystring: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
        response: { 200: EnvelopeOf(LogDetailsSchema) },
      },
    },
    async (request) => ok(await logs.details(request.auth!, request.query.id)),
  );

  app.post(
    '/a/sys/log/logExport',
    {
      config: { access: 'sys:log:export' },
      schema: {
        tags,
        summary:
          'Streams the filtered entries as CSV (UTF-8 with BOM) or XLSX; headers in the `language` cookie’s language; no row cap',
        body: Type.Object({
          format: Type.Enum([...LOG_EXPORT_FORMATS]),
          ...Filters,
        }),
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.body;
      logs.checkFilters(filters);
      const headers = exportHeaders(request.cookies.language);
      const rows = logs.exportRows(request.auth!, filters);
      const stream = exportStream(format, headers, rows, (err) =>
        request.log.error({ err }, 'log export failed'),
      );
      request.log.info({ format, filters }, 'log export started');
      return reply
        .header('Content-Type', MIME[format])
        .header('Content-Disposition', `attachment; filename="${datedName(new Date())}.${format}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};

export default logsRoutes;
