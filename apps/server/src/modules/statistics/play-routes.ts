import {
  CampaignReportQuerySchema,
  EnvelopeOf,
  Languages,
  type Language,
  PageOf,
  PlayExportQuerySchema,
  PlayFilterQuerySchema,
  PlaySummarySchema,
  PlayTopQuerySchema,
  PlayTopRowSchema,
  ReconcileQuerySchema,
  ReconcileSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SPREADSHEET_MIME, spreadsheetExportStream } from '../../lib/spreadsheet-export.js';
import { ok } from '../../lib/envelope.js';
import { CampaignReport } from './campaign-report.js';
import { playExportHeaders } from './export-headers.js';
import { playExportRows, type PlayExportRow } from './play-export.js';
import { playFilter } from './play-queries.js';
import { ReconcileService } from './reconcile-service.js';
import type { StatisticsService } from './statistics-service.js';

const tags = ['statistics'];
const BASE = '/a/api/statistics';

/**
 * Proof of play (`/a/api/statistics/...`): plays and seconds over time with the hour-of-day heat map,
 * top programs / materials / messages / terminals / offices, scheduled-vs-played reconciliation and
 * the CSV / XLSX export. Plays come from the hourly roll-up; only reconciliation reads raw events.
 */
const playRoutes: FastifyPluginAsyncTypebox<{ service: StatisticsService }> = async (app, { service }) => {
  const reconciliation = new ReconcileService(app.db, app.services.timelines, app.config.timeZone);
  const reports = new CampaignReport(app.db, reconciliation, app.config.timeZone);

  app.get(
    `${BASE}/plays`,
    {
      config: { access: 'stats:view' },
      schema: {
        tags,
        summary:
          'Plays and seconds played (programs by default; subject material, message or scene) per bucket, totals and the weekday × hour-of-day heat map, ' +
          'for the range or an office, terminal, program or material; whole hours of the roll-up',
        querystring: PlayFilterQuerySchema,
        response: { 200: EnvelopeOf(PlaySummarySchema) },
      },
    },
    async (request) => ok(await service.playSummary(request.auth!, request.query)),
  );

  app.get(
    `${BASE}/playTop`,
    {
      config: { access: 'stats:view' },
      schema: {
        tags,
        summary:
          'Programs, materials, messages, terminals or offices by plays, seconds or name over the period, sorted and paged on the server',
        querystring: PlayTopQuerySchema,
        response: { 200: EnvelopeOf(PageOf(PlayTopRowSchema)) },
      },
    },
    async (request) => ok(await service.playTop(request.auth!, request.query)),
  );

  app.get(
    `${BASE}/reconcile`,
    {
      config: { access: 'stats:view' },
      schema: {
        tags,
        summary:
          'Scheduled vs played for a plan or a program (exactly one) over at most 31 days, a page of its terminals: scheduled and played seconds, ' +
          'share played, gaps with reasons (notDelivered before publication, offline, otherContent, unknown). The period is cut at now',
        querystring: ReconcileQuerySchema,
        response: { 200: EnvelopeOf(ReconcileSchema) },
      },
    },
    async (request) => {
      const { campaign: _campaign, ...answer } = await reconciliation.reconcile(request.auth!, request.query);
      return ok(answer);
    },
  );

  app.get(
    `${BASE}/playExport`,
    {
      config: { access: 'stats:export' },
      schema: {
        tags,
        summary:
          'Streams plays per bucket and program / material / message / terminal / office as CSV (UTF-8 with BOM) or XLSX; headers in the `language` cookie’s language; ' +
          'the filters are checked before the file starts',
        querystring: PlayExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, dimension, ...q } = request.query;
      const filter = playFilter(q);
      const { scope, period } = await service.prepare(request.auth!, q);
      const stream = spreadsheetExportStream<PlayExportRow>({
        format,
        headers: playExportHeaders(request.cookies.language),
        batches: playExportRows(app.db, scope, period, filter, dimension),
        cells: (r, as) => [
          as === 'csv' ? r.bucket : new Date(r.bucket),
          r.id,
          r.name,
          r.plays,
          r.seconds,
          r.terminals,
        ],
        sheetName: 'Plays',
        onError: (err) => request.log.error({ err }, 'play export failed'),
      });
      const day = period.from.toISOString().slice(0, 10);
      return reply
        .header('Content-Type', SPREADSHEET_MIME[format])
        .header('Content-Disposition', `attachment; filename="plays-${dimension}-${day}.${format}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    `${BASE}/campaignReport`,
    {
      config: { access: 'stats:export' },
      schema: {
        tags,
        summary:
          'Printable PDF report of a plan or a program (exactly one) over at most 31 days: totals, plays and share played per terminal (first 500), ' +
          'time not played by reason; texts in the `language` cookie’s language',
        querystring: CampaignReportQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await reports.pdf(
        request.auth!,
        request.query,
        languageOf(request.cookies.language),
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );
};

/** The console language of a `language` cookie value; English when missing or unknown. */
const languageOf = (cookie: string | undefined): Language =>
  (Languages as readonly string[]).includes((cookie ?? '').toUpperCase())
    ? ((cookie ?? '').toUpperCase() as Language)
    : 'US';

export default playRoutes;
