import { EnvelopeOf, PageOf, PageQuery, PlanSummarySchema, REVIEW_STATE_VALUES } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { IdsSchema as Ids, idsOf } from '../materials/ids.js';
import { REVIEW_NOTE_MAX } from '../review/review-decision.js';
import { Id } from './schemas.js';

const tags = ['review'];
const BASE = '/a/api/review/plan';
// Twice the limit: the service trims and answers a 400 naming `note` rather than a schema error.
const Note = Type.String({ maxLength: REVIEW_NOTE_MAX * 2 });

/** Plan review (`/a/api/review/plan/...`): the waiting list, approve, reject. */
const planReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { planReview } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'review:plan:view' },
      schema: {
        tags,
        summary: 'Plans of the caller’s data range to review (default: pending), newest first, paged',
        querystring: Type.Object({
          ...PageQuery.properties,
          reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES], { default: 'pending' })),
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
          officeId: Type.Optional(Id),
        }),
        response: { 200: EnvelopeOf(PageOf(PlanSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await planReview.list(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.post(
    `${BASE}/approve`,
    {
      config: { access: 'review:plan:review' },
      schema: {
        tags,
        summary:
          'Approves pending (or rejected) plans, with an optional note; all or nothing. Terminals they are published to follow them.',
        body: Type.Object({ ids: Ids, note: Type.Optional(Type.Union([Note, Type.Null()])) }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await planReview.approve(request.auth!, idsOf(request.body.ids), request.body.note);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/reject`,
    {
      config: { access: 'review:plan:review' },
      schema: {
        tags,
        summary: 'Rejects pending plans; the note (why) is required; all or nothing. The maker is told.',
        body: Type.Object({ ids: Ids, note: Note }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await planReview.reject(request.auth!, idsOf(request.body.ids), request.body.note);
      return ok(null);
    },
  );
};

export default planReviewRoutes;
