import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { REVIEW_ACTIONS, REVIEW_SUBJECT_KINDS } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { IdSchema } from '../materials/ids.js';
import { ReviewCentreService } from './review-centre.js';
import { traceTerminal } from './review-trace.js';

const tags = ['review'];
const BASE = '/a/api/review';
const Kinds = Type.Enum([...REVIEW_SUBJECT_KINDS]);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const PendingCountsSchema = Type.Object({
  material: Type.Optional(Type.Integer()),
  program: Type.Optional(Type.Integer()),
  plan: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.Integer()),
});

const HistoryRowSchema = Type.Object({
  id: Type.Integer(),
  revision: Nullable(Type.Integer()),
  action: Type.Enum([...REVIEW_ACTIONS]),
  note: Nullable(Type.String()),
  actorId: Nullable(Type.Integer()),
  actorName: Nullable(Type.String()),
  createdAt: Type.String(),
});

const TracedItemSchema = Type.Object({
  kind: Kinds,
  id: Type.Integer(),
  name: Type.String(),
  revision: Nullable(Type.Integer()),
  approval: Nullable(
    Type.Object({
      action: Type.Enum(['approved', 'autoApproved']),
      revision: Nullable(Type.Integer()),
      actorName: Nullable(Type.String()),
      at: Type.String(),
    }),
  ),
});

/** The review centre across kinds (`/a/api/review/pendingCounts`, `history`, `trace`). */
const reviewCentreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const centre = new ReviewCentreService(app.db);

  app.get(
    `${BASE}/pendingCounts`,
    {
      config: { access: 'review:view' },
      schema: {
        tags,
        summary:
          'How many materials, programs, plans and messages wait for review in the caller’s data range (only the kinds the caller may review)',
        response: { 200: EnvelopeOf(PendingCountsSchema) },
      },
    },
    async (request) => ok(await centre.pendingCounts(request.auth!)),
  );

  app.get(
    `${BASE}/history`,
    {
      config: {
        access: [
          'review:material:view',
          'review:program:view',
          'review:plan:view',
          'review:message:view',
          'res:material:view',
          'program:make:view',
          'plan:list:view',
          'message:list:view',
        ],
      },
      schema: {
        tags,
        summary:
          'The review history of one item, oldest first: submitted, resubmitted, approved, rejected, auto-approved — who, when, which revision, the note',
        querystring: Type.Object({ kind: Kinds, id: IdSchema }),
        response: { 200: EnvelopeOf(Type.Array(HistoryRowSchema)) },
      },
    },
    async (request) => ok(await centre.history(request.auth!, request.query.kind, request.query.id)),
  );

  app.get(
    `${BASE}/trace`,
    {
      config: { access: ['review:view', 'terminal:monitor:view'] },
      schema: {
        tags,
        summary:
          'What a terminal plays, traced to review: every program, plan, message and material of its manifest with the last approval of the revision it holds (null: approved without review, while the audit switch was off)',
        querystring: Type.Object({ terminalId: IdSchema }),
        response: { 200: EnvelopeOf(Type.Array(TracedItemSchema)) },
      },
    },
    async (request) =>
      ok(
        await traceTerminal(
          app.db,
          request.auth!,
          (id) => app.services.programManifest.forTerminal(id),
          request.query.terminalId,
        ),
      ),
  );
};

export default reviewCentreRoutes;
