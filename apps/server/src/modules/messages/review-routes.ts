import {
  EnvelopeOf,
  MessageListQuerySchema,
  MessageReviewBodySchema,
  MessageSummarySchema,
  PageOf,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

const tags = ['review'];
const BASE = '/a/api/publishMessage';

/** Message review (`/a/api/publishMessage/checklist|submitResult`). */
const messageReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messageReview } = app.services;

  app.get(
    `${BASE}/checklist`,
    {
      config: { access: 'review:message:view' },
      schema: {
        tags,
        summary:
          'Messages of the caller’s data range to review (default: pending), filtered, sorted and paged as the list',
        querystring: MessageListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(MessageSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await messageReview.checklist(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.post(
    `${BASE}/submitResult`,
    {
      config: { access: 'review:message:review' },
      schema: {
        tags,
        summary:
          'Approves (pending or rejected) or rejects (pending; the note is required) messages, all or nothing; the makers are told. An approved message that is on screens gets this revision there.',
        body: MessageReviewBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { ids, result, note } = request.body;
      await messageReview.decide(request.auth!, ids, result, note);
      return ok(null);
    },
  );
};

export default messageReviewRoutes;
