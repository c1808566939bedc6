import {
  EnvelopeOf,
  PageOf,
  PageQuery,
  PLAN_SORT_FIELDS,
  PLAN_VALIDITY,
  PlanCheckBodySchema,
  PlanCheckSchema,
  PlanDetailSchema,
  PlanProgramSchema,
  PlanSaveBodySchema,
  PlanSavedSchema,
  PlanSummarySchema,
  REVIEW_STATE_VALUES,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';
import { IdsSchema as Ids, idsOf } from '../materials/ids.js';
import publishRoutes from './publish-routes.js';
import reviewRoutes from './review-routes.js';
import { Id, PLAN_VIEWERS, planBodyError } from './schemas.js';
import timelineRoutes from './timeline-routes.js';

const tags = ['plan'];
const BASE = '/a/api/playPlan';
const MAKERS = ['plan:list:add', 'plan:list:edit'] as const;

/** Play plans (`/a/api/playPlan/...`): save, check, list, detail, delete, copy, program lengths; publishing, timelines, review. */
const planRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { plans } = app.services;
  await app.register(publishRoutes);
  await app.register(timelineRoutes);
  await app.register(reviewRoutes);

  app.post(
    `${BASE}/save`,
    {
      // Creating needs plan:list:add and updating plan:list:edit; the service checks which applies.
      config: { access: [...MAKERS] },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Creates (no id) or updates a plan. 400 names each bad field (`document.entries[0].rrule`, ' +
          '`document.entries[1].items[0].programId` for a program outside your scope); 409 planConflict when ' +
          'baseRevision is no longer the current one. Answers the warnings. With the audit switch on, the plan waits for review.',
        body: PlanSaveBodySchema,
        response: { 200: EnvelopeOf(PlanSavedSchema) },
      },
    },
    async (request) => {
      if (request.validationError) throw planBodyError(request.validationError);
      return ok(await plans.save(request.auth!, request.body));
    },
  );

  app.post(
    `${BASE}/check`,
    {
      config: { access: [...MAKERS] },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Every problem of an unsaved plan document: errors (save refuses them) and warnings',
        body: PlanCheckBodySchema,
        response: { 200: EnvelopeOf(PlanCheckSchema) },
      },
    },
    async (request) => {
      if (request.validationError) throw planBodyError(request.validationError);
      return ok({ problems: await plans.check(request.auth!, request.body.document) });
    },
  );

  app.get(
    `${BASE}/list`,
    {
      config: { access: PLAN_VIEWERS },
      schema: {
        tags,
        summary: 'Plans of the caller’s data range: filtered, sorted and paged on the server',
        querystring: Type.Object({
          ...PageQuery.properties,
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
          reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES])),
          validity: Type.Optional(Type.Enum([...PLAN_VALIDITY])),
          officeId: Type.Optional(Id),
          sortField: Type.Optional(Type.Enum([...PLAN_SORT_FIELDS], { default: 'updatedAt' })),
          sortOrder: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
        }),
        response: { 200: EnvelopeOf(PageOf(PlanSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await plans.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/detail`,
    {
      config: { access: PLAN_VIEWERS },
      schema: {
        tags,
        summary: 'One plan with its document and its programs; 404 outside the caller’s data range',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(PlanDetailSchema) },
      },
    },
    async (request) => ok(await plans.detail(request.auth!, request.query.id)),
  );

  app.get(
    `${BASE}/programLengths`,
    {
      config: { access: [...MAKERS, 'plan:list:view', 'review:plan:view'] },
      schema: {
        tags,
        summary:
          'The programs among ids that the caller may see, with one cycle’s length (ms) and review state',
        querystring: Type.Object({
          ids: Type.String({ minLength: 1, maxLength: 12_000, description: ID_LIST_DESCRIPTION }),
        }),
        response: { 200: EnvelopeOf(Type.Array(PlanProgramSchema)) },
      },
    },
    async (request) => ok(await plans.programLengths(request.auth!, parseIdList(request.query.ids, 'ids'))),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'plan:list:delete' },
      schema: {
        tags,
        summary:
          'Deletes plans, all or nothing (404 naming ids outside your scope); published ones are taken off their terminals, which are told',
        body: Type.Object({ ids: Ids }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await plans.delete(request.auth!, idsOf(request.body.ids));
      return ok(null);
    },
  );

  app.post(
    `${BASE}/copy`,
    {
      config: { access: 'plan:list:add' },
      schema: {
        tags,
        summary: 'Copies a plan into its office under a new name (default “<name> (copy)”), unpublished',
        body: Type.Object({ id: Id, name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
        response: { 200: EnvelopeOf(PlanSavedSchema) },
      },
    },
    async (request) => ok(await plans.copy(request.auth!, request.body.id, request.body.name)),
  );
};

export default planRoutes;
