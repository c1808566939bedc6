import { EnvelopeOf, PageOf, PageQuery, ProgramSummarySchema, REVIEW_STATE_VALUES } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { IdSchema as Id, IdsSchema as Ids, idsOf } from '../materials/ids.js';
import { REVIEW_NOTE_MAX } from '../materials/review/review-service.js';

const tags = ['review'];
const BASE = '/a/api/review/program';
// Twice the limit: the service trims and answers a 400 naming `note` rather than a schema error.
const Note = Type.String({ maxLength: REVIEW_NOTE_MAX * 2 });

/** Program review (`/a/api/review/program/...`): the waiting list, approve, reject. */
const programReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { programReview } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'review:program:view' },
      schema: {
        tags,
        summary: 'Programs of the caller’s data range to review (default: pending), newest first, paged',
        querystring: Type.Object({
          ...PageQuery.properties,
          reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES], { default: 'pending' })),
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
          officeId: Type.Optional(Id),
        }),
        response: { 200: EnvelopeOf(PageOf(ProgramSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await programReview.list(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.post(
    `${BASE}/approve`,
    {
      config: { access: 'review:program:review' },
      schema: {
        tags,
        summary:
          'Approves pending (or rejected) programs, with an optional note; all or nothing. Terminals they are published to get them.',
        body: Type.Object({ ids: Ids, note: Type.Optional(Type.Union([Note, Type.Null()])) }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await programReview.approve(request.auth!, idsOf(request.body.ids), request.body.note);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/reject`,
    {
      config: { access: 'review:program:review' },
      schema: {
        tags,
        summary: 'Rejects pending programs; the note (why) is required; all or nothing',
        body: Type.Object({ ids: Ids, note: Note }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await programReview.reject(request.auth!, idsOf(request.body.ids), request.body.note);
      return ok(null);
    },
  );
};

export default programReviewRoutes;
