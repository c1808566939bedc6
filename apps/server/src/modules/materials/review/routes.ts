import {
  EnvelopeOf,
  MATERIAL_KIND_VALUES,
  MaterialSchema,
  PageOf,
  PageQuery,
  REVIEW_STATE_VALUES,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../lib/envelope.js';
import { IdSchema as Id, IdsSchema as Ids, idsOf } from '../ids.js';
import { REVIEW_NOTE_MAX } from './review-service.js';

const tags = ['review'];
const BASE = '/a/api/review/material';
// Twice the limit: the service trims and answers a 400 naming `note` rather than a schema error.
const Note = Type.String({ maxLength: REVIEW_NOTE_MAX * 2 });

/** Material review (`/a/api/review/material/...`): the waiting list, approve, reject. */
const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { materialReview } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'review:material:view' },
      schema: {
        tags,
        summary: 'Materials of the caller’s data range to review (default: pending), newest first, paged',
        querystring: Type.Object({
          ...PageQuery.properties,
          reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES], { default: 'pending' })),
          kind: Type.Optional(Type.Enum([...MATERIAL_KIND_VALUES])),
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
          officeId: Type.Optional(Id),
        }),
        response: { 200: EnvelopeOf(PageOf(MaterialSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await materialReview.list(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.post(
    `${BASE}/approve`,
    {
      config: { access: 'review:material:review' },
      schema: {
        tags,
        summary: 'Approves pending (or rejected) materials, with an optional note; all or nothing',
        body: Type.Object({ ids: Ids, note: Type.Optional(Type.Union([Note, Type.Null()])) }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materialReview.approve(request.auth!, idsOf(request.body.ids), request.body.note);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/reject`,
    {
      config: { access: 'review:material:review' },
      schema: {
        tags,
        summary: 'Rejects pending materials; the note (why) is required; all or nothing',
        body: Type.Object({ ids: Ids, note: Note }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materialReview.reject(request.auth!, idsOf(request.body.ids), request.body.note);
      return ok(null);
    },
  );
};

export default reviewRoutes;
