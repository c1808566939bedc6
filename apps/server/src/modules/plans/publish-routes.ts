import {
  DELIVERY_STATES,
  DeliveryPageSchema,
  EnvelopeOf,
  OfficeSearchHitSchema,
  PUBLISH_MODES,
  PageOf,
  PageQuery,
  PlanPublishResultSchema,
  PublishOfficeNodeSchema,
  PublishTerminalSchema,
  TerminalGroupNodeSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { groupTreeMap, pageOfficeTreeMap } from '../programs/publish-trees.js';
import { TargetIds, targetIds } from '../programs/terminal-choice.js';
import { PlanDeliveryService } from './plan-delivery.js';
import { Id, PLAN_CHOOSERS } from './schemas.js';

const tags = ['plan'];
const BASE = '/a/api/playPlan';

/** Publishing plans (`/a/api/playPlan/...`): the terminal choice of programs, and a plan's terminals. */
const planPublishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { planPublish, offices } = app.services;
  const delivery = new PlanDeliveryService(app.db, app.services.terminalPresence);

  app.get(
    `${BASE}/terminalSelect`,
    {
      config: { access: PLAN_CHOOSERS },
      schema: {
        tags,
        summary:
          'Claimed terminals of the caller’s range, paged: filter by office (and below), group (and subgroups), name or device id, online; with planId, marks (or filters on) those following it',
        querystring: Type.Object({
          ...PageQuery.properties,
          officeId: Type.Optional(Id),
          groupId: Type.Optional(Id),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
          online: Type.Optional(Type.Boolean()),
          planId: Type.Optional(Id),
          published: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(PageOf(PublishTerminalSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await planPublish.terminalSelect(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.post(
    `${BASE}/saveTerminals`,
    {
      config: { access: 'plan:list:publish' },
      schema: {
        tags,
        summary:
          'Saves a plan’s terminals: afterwards exactly the chosen terminals and the claimed terminals of the chosen groups (and subgroups) within the caller’s range follow it (mode replace, the default), or those besides the ones it had (mode add). ' +
          'The plan, its programs and their materials must be approved (409); unknown terminals or groups: 404 naming them. Changed terminals are told at once.',
        body: Type.Object({
          planId: Id,
          terminalIds: TargetIds,
          groupIds: TargetIds,
          mode: Type.Optional(Type.Enum([...PUBLISH_MODES])),
        }),
        response: { 200: EnvelopeOf(PlanPublishResultSchema) },
      },
    },
    async (request) => {
      const { planId, mode } = request.body;
      const terminalIds = targetIds(request.body.terminalIds, 'terminalIds');
      const groupIds = targetIds(request.body.groupIds, 'groupIds');
      return ok(await planPublish.saveTerminals(request.auth!, { planId, terminalIds, groupIds, mode }));
    },
  );

  app.get(
    `${BASE}/searchOffice`,
    {
      config: { access: PLAN_CHOOSERS },
      schema: {
        tags,
        summary:
          'Offices in the caller’s data range whose name contains `name` (at most 50), with the names along their paths',
        querystring: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: EnvelopeOf(Type.Array(OfficeSearchHitSchema)) },
      },
    },
    async (request) => ok(await offices.search(request.auth!, request.query.name)),
  );

  app.get(
    `${BASE}/pageOfficeTreeMap`,
    {
      config: { access: PLAN_CHOOSERS },
      schema: {
        tags,
        summary:
          'As publishProgram/pageOfficeTreeMap: one level of the office tree (or a name search), paged, with terminal counts',
        querystring: Type.Object({
          ...PageQuery.properties,
          parentId: Type.Optional(Id),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: EnvelopeOf(PageOf(PublishOfficeNodeSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await pageOfficeTreeMap(app.db, request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/groupTreeMap`,
    {
      config: { access: PLAN_CHOOSERS },
      schema: {
        tags,
        summary:
          'As publishProgram/groupTreeMap: terminal groups of the caller’s range (or of officeId and below), nested, with counts',
        querystring: Type.Object({ officeId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(TerminalGroupNodeSchema)) },
      },
    },
    async (request) => ok(await groupTreeMap(app.db, request.auth!, request.query.officeId)),
  );

  app.get(
    `${BASE}/delivery`,
    {
      config: { access: PLAN_CHOOSERS },
      schema: {
        tags,
        summary:
          'Where a plan stands on each terminal it is published to (caller’s range), paged, by name: waiting, downloading (files and bytes of all its programs), playing (one of its programs), failed (reason) or offline; with the count of every state',
        querystring: Type.Object({
          ...PageQuery.properties,
          planId: Id,
          state: Type.Optional(Type.Enum([...DELIVERY_STATES])),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: EnvelopeOf(DeliveryPageSchema) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await delivery.delivery(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );
};

export default planPublishRoutes;
