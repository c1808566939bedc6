import {
  EnvelopeOf,
  HeadCountSchema,
  LoginActivitySchema,
  LoginExportQuerySchema,
  OfficeInstantSchema,
  OnlineTimeSchema,
  ResourceCasesSchema,
  StartupRateSchema,
  StatsPeriodBodySchema,
  StatsPeriodQuerySchema,
  StatsPeriodSchema,
  TerminalCountSchema,
  TerminalFiguresSchema,
  WidgetActivitySchema,
  WidgetNumberSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { SPREADSHEET_MIME, spreadsheetExportStream } from '../../lib/spreadsheet-export.js';
import type { Access } from '../../plugins/auth.js';
import { loginExportHeaders } from './export-headers.js';
import optionRoutes from './option-routes.js';
import playRoutes from './play-routes.js';
import { StatisticsService } from './statistics-service.js';

const tags = ['statistics'];
/** Base path of the statistics calls. */
export const STATS_BASE = '/a/api/statistics';

/** Who reads fleet and proof-of-play statistics (the data statistics page). */
const STATS_VIEWERS: Access = 'stats:view';
/** Who reads user behaviour statistics (sign-ins, widgets, audiences, startup). */
const BEHAVIOR_VIEWERS: Access = 'stats:behavior:view';

const OfficeQuery = Type.Object({ officeId: StatsPeriodSchema.officeId });
const PeriodQuery = StatsPeriodQuerySchema;
const PERIOD_RULES =
  'Period [from, to) of at most 400 days (hourly buckets at most 31), bucketed in timeZone (IANA; default the caller’s office’s); ' +
  '400 naming the field on bad input, 404 naming officeId / terminalId outside the caller’s range.';

/**
 * Statistics (`/a/api/statistics/...`), spec section 7: terminal count, online time, login activity,
 * resource cases, widget number, widget click, widget use, office instant statistics, terminals by
 * ids (GET); startup rate and head counts (POST: reads that take a list of terminals). Everything is
 * limited to the caller's tenant and data range; plays are read from the hourly roll-up.
 */
const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new StatisticsService(app.db, app.config.timeZone);
  await app.register(playRoutes, { service });
  await app.register(optionRoutes);

  app.get(
    `${STATS_BASE}/terminalCount`,
    {
      config: { access: STATS_VIEWERS },
      schema: {
        tags,
        summary:
          'Claimed terminals of the range (or office and below) now: online, offline, by platform and version; pending ones for platform administrators',
        querystring: OfficeQuery,
        response: { 200: EnvelopeOf(TerminalCountSchema) },
      },
    },
    async (request) => ok(await service.terminalCount(request.auth!, request.query)),
  );

  app.get(
    `${STATS_BASE}/onlineTime`,
    {
      config: { access: STATS_VIEWERS },
      schema: {
        tags,
        summary: `Online seconds of the range’s terminals per bucket and by office, from their online periods, and the online rate. ${PERIOD_RULES}`,
        querystring: PeriodQuery,
        response: { 200: EnvelopeOf(OnlineTimeSchema) },
      },
    },
    async (request) => ok(await service.onlineTime(request.auth!, request.query)),
  );

  app.get(
    `${STATS_BASE}/loginActivity`,
    {
      config: { access: BEHAVIOR_VIEWERS },
      schema: {
        tags,
        summary: `Sign-ins of the range’s users (succeeded and failed) per bucket, by hour of day, by user and by device. ${PERIOD_RULES}`,
        querystring: PeriodQuery,
        response: { 200: EnvelopeOf(LoginActivitySchema) },
      },
    },
    async (request) => ok(await service.loginActivity(request.auth!, request.query)),
  );

  app.get(
    `${STATS_BASE}/resourceCases`,
    {
      config: { access: STATS_VIEWERS },
      schema: {
        tags,
        summary:
          'Materials (by kind and review state, with bytes), programs, plans and messages (by state) of the range now',
        querystring: OfficeQuery,
        response: { 200: EnvelopeOf(ResourceCasesSchema) },
      },
    },
    async (request) => ok(await service.resourceCases(request.auth!, request.query)),
  );

  app.get(
    `${STATS_BASE}/widgetNumber`,
    {
      config: { access: BEHAVIOR_VIEWERS },
      schema: {
        tags,
        summary:
          'Every widget type of the program format with the number of widgets of it in the range’s programs, and of programs using it',
        querystring: OfficeQuery,
        response: { 200: EnvelopeOf(WidgetNumberSchema) },
      },
    },
    async (request) => ok(await service.widgetNumber(request.auth!, request.query)),
  );

  for (const [path, kind, what] of [
    ['widgetClick', 'click', 'Touches of interactive widgets'],
    ['widgetUse', 'widget', 'Widgets shown (plays and seconds)'],
  ] as const) {
    app.get(
      `${STATS_BASE}/${path}`,
      {
        config: { access: BEHAVIOR_VIEWERS },
        schema: {
          tags,
          summary: `${what} reported by the range’s terminals, by widget type and per bucket. ${PERIOD_RULES}`,
          querystring: PeriodQuery,
          response: { 200: EnvelopeOf(WidgetActivitySchema) },
        },
      },
      async (request) => ok(await service.widgets(request.auth!, request.query, kind)),
    );
  }

  app.get(
    `${STATS_BASE}/officeInstant`,
    {
      config: { access: STATS_VIEWERS },
      schema: {
        tags,
        summary:
          'The office (default the caller’s) and each child office in the range: terminals, online now, plays and seconds played since midnight; 404 naming officeId outside the range',
        querystring: Type.Object({
          officeId: StatsPeriodSchema.officeId,
          timeZone: StatsPeriodSchema.timeZone,
        }),
        response: { 200: EnvelopeOf(OfficeInstantSchema) },
      },
    },
    async (request) => ok(await service.officeInstant(request.auth!, request.query)),
  );

  app.get(
    `${STATS_BASE}/terminalsByIds`,
    {
      config: { access: STATS_VIEWERS },
      schema: {
        tags,
        summary: `Figures of the named terminals (ids comma-joined) over the period: online seconds, plays, seconds played, position; ids outside the range are left out. ${PERIOD_RULES}`,
        querystring: Type.Object({
          ...StatsPeriodSchema,
          ids: Type.String({
            minLength: 1,
            maxLength: 11_000,
            description: 'Terminal ids, comma-joined (at most 1000)',
          }),
        }),
        response: { 200: EnvelopeOf(TerminalFiguresSchema) },
      },
    },
    async (request) => ok(await service.terminalsByIds(request.auth!, request.query)),
  );

  app.post(
    `${STATS_BASE}/startupRate`,
    {
      config: { access: BEHAVIOR_VIEWERS, audit: false },
      schema: {
        tags,
        summary: `Per bucket, how many of the range’s terminals (or of terminalIds in the range) were online at some time in it, and the rate. ${PERIOD_RULES}`,
        body: StatsPeriodBodySchema,
        response: { 200: EnvelopeOf(StartupRateSchema) },
      },
    },
    async (request) => ok(await service.startupRate(request.auth!, request.body)),
  );

  app.post(
    `${STATS_BASE}/headCount`,
    {
      config: { access: BEHAVIOR_VIEWERS, audit: false },
      schema: {
        tags,
        summary: `People counted by the range’s camera terminals (or terminalIds in the range): total, per bucket, by hour of day and by terminal. ${PERIOD_RULES}`,
        body: StatsPeriodBodySchema,
        response: { 200: EnvelopeOf(HeadCountSchema) },
      },
    },
    async (request) => ok(await service.headCount(request.auth!, request.body)),
  );

  app.get(
    `${STATS_BASE}/loginExport`,
    {
      config: { access: 'stats:behavior:export' },
      schema: {
        tags,
        summary: `Streams sign-ins per user of the range over the period as CSV (UTF-8 with BOM) or XLSX, most first; headers in the \`language\` cookie’s language. ${PERIOD_RULES}`,
        querystring: LoginExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...q } = request.query;
      const { scope, period } = await service.prepare(request.auth!, q);
      const stream = spreadsheetExportStream({
        format,
        headers: loginExportHeaders(request.cookies.language),
        batches: service.behavior.allLoginsByUser(scope, period),
        cells: (r, as) => [
          r.username,
          r.userId,
          r.succeeded,
          r.failed,
          as === 'csv' ? r.lastAt : new Date(r.lastAt),
        ],
        sheetName: 'Sign-ins',
        onError: (err) => request.log.error({ err }, 'sign-in export failed'),
      });
      return reply
        .header('Content-Type', SPREADSHEET_MIME[format])
        .header(
          'Content-Disposition',
          `attachment; filename="sign-ins-${period.from.toISOString().slice(0, 10)}.${format}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};

export default statisticsRoutes;
