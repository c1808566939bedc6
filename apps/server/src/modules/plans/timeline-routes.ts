import {
  EnvelopeOf,
  PageQuery,
  PlanDocumentSchema,
  TerminalTimelineSchema,
  TimelinePageSchema,
  TimelineSegmentSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { TERMINAL_VIEWERS } from '../terminals/schemas.js';
import { Id, Instant, PLAN_VIEWERS, planBodyError, ZoneName } from './schemas.js';

const tags = ['plan'];
const BASE = '/a/api/playPlan';

/** Answer of `preview`: the timeline of an unsaved document (the terminal's fields when one was given). */
const PlanPreviewSchema = Type.Object({
  terminalId: Type.Optional(Type.Integer()),
  terminalName: Type.Optional(Type.String()),
  timeZone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  segments: Type.Array(TimelineSegmentSchema),
});

/** Timelines (`/a/api/playPlan/timeline|preview`): what plays where and when, by the shared resolver. */
const timelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { timelines } = app.services;
  const readers = [...(PLAN_VIEWERS as string[]), ...(TERMINAL_VIEWERS as string[])] as typeof PLAN_VIEWERS;

  app.get(
    `${BASE}/timeline`,
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'What plays over [from, to) (at most 31 days): on one terminal (terminalId), or on one page of the terminals of a group (and subgroups) or an office (and below), by name. ' +
          'Exactly what the terminals’ manifests hold, resolved as the players resolve it. 400 names the field (from, to, terminalId...), 404 an id outside your range.',
        querystring: Type.Object({
          terminalId: Type.Optional(Id),
          groupId: Type.Optional(Id),
          officeId: Type.Optional(Id),
          from: Instant,
          to: Instant,
          ...PageQuery.properties,
        }),
        response: { 200: EnvelopeOf(Type.Union([TerminalTimelineSchema, TimelinePageSchema])) },
      },
    },
    async (request) => {
      const { from, to, pageNo = 1, pageSize = 10, ...target } = request.query;
      return ok(await timelines.timeline(request.auth!, { ...target, pageNo, pageSize }, { from, to }));
    },
  );

  app.post(
    `${BASE}/preview`,
    {
      config: {
        access: ['plan:list:add', 'plan:list:edit', ...(PLAN_VIEWERS as string[])] as typeof PLAN_VIEWERS,
      },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'The timeline an unsaved plan document gives over [from, to): on a terminal (its zone, with its other plans; the saved planId left out), ' +
          'or alone in timeZone (default: your office’s). 400 names the field (timeZone for an unknown zone, document.entries[i].<field>).',
        body: Type.Object({
          document: PlanDocumentSchema,
          planId: Type.Optional(Id),
          terminalId: Type.Optional(Id),
          timeZone: Type.Optional(ZoneName),
          from: Instant,
          to: Instant,
        }),
        response: { 200: EnvelopeOf(PlanPreviewSchema) },
      },
    },
    async (request) => {
      if (request.validationError) throw planBodyError(request.validationError);
      return ok(await timelines.preview(request.auth!, request.body));
    },
  );
};

export default timelineRoutes;
