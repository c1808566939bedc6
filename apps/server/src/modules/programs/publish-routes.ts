import {
  DELIVERY_STATES,
  DeliveryPageSchema,
  DeliveryRetrySchema,
  EnvelopeOf,
  PUBLISH_MODES,
  PageOf,
  PageQuery,
  PublishOfficeNodeSchema,
  PublishResultSchema,
  PublishTerminalSchema,
  TerminalGroupNodeSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { IdSchema as Id } from '../materials/ids.js';
import { PublishDeliveryService } from './publish-delivery.js';
import { groupTreeMap, officeTreeMap, pageOfficeTreeMap } from './publish-trees.js';
import { TargetIds, targetIds } from './terminal-choice.js';

const tags = ['publish'];
const BASE = '/a/api/publishProgram';
/** Who may browse terminals to publish to. */
const CHOOSERS = ['program:make:publish', 'publish:terminalSelection:view'] as const;

const Paging = {
  ...PageQuery.properties,
};

const Instant = Type.Optional(
  Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()], {
    description: 'ISO 8601 date-time; absent or null: no bound',
  }),
);

/** The publish window of a saveTerminals body as dates; 400 naming the field when it is empty or over. */
function publishWindow(startAt: string | null | undefined, endAt: string | null | undefined) {
  const start = startAt ? new Date(startAt) : null;
  const end = endAt ? new Date(endAt) : null;
  const refuse = (field: string, msg: string) => {
    throw badRequest(msg, 'validation', { fields: { [field]: msg } });
  };
  if (start && Number.isNaN(start.getTime())) refuse('startAt', 'startAt must be a date-time');
  if (end && Number.isNaN(end.getTime())) refuse('endAt', 'endAt must be a date-time');
  if (start && end && end <= start) refuse('endAt', 'endAt must be after startAt');
  if (end && end.getTime() <= Date.now()) refuse('endAt', 'endAt must be in the future');
  return { startAt: start, endAt: end };
}

/** Program publishing (`/a/api/publishProgram/...`): office and group trees, terminal choice, saveTerminals. */
const publishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { publish } = app.services;
  const delivery = new PublishDeliveryService(
    app.db,
    app.services.terminalPresence,
    app.services.terminalCommands,
    app.services.programManifest,
    app.services.terminalBus,
  );

  app.get(
    `${BASE}/officeTreeMap`,
    {
      config: { access: [...CHOOSERS] },
      schema: {
        tags,
        summary: 'Every office of the caller’s data range, flat, parents first, with claimed-terminal counts',
        response: { 200: EnvelopeOf(Type.Array(PublishOfficeNodeSchema)) },
      },
    },
    async (request) => ok(await officeTreeMap(app.db, request.auth!)),
  );

  app.get(
    `${BASE}/pageOfficeTreeMap`,
    {
      config: { access: [...CHOOSERS] },
      schema: {
        tags,
        summary:
          'One level of the office tree (children of parentId; without it the caller’s root office), or a name search, paged, with terminal counts',
        querystring: Type.Object({
          ...Paging,
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
      config: { access: [...CHOOSERS] },
      schema: {
        tags,
        summary:
          'Terminal groups of the offices in the caller’s range (or of officeId and below), nested, with claimed-terminal counts',
        querystring: Type.Object({ officeId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(TerminalGroupNodeSchema)) },
      },
    },
    async (request) => ok(await groupTreeMap(app.db, request.auth!, request.query.officeId)),
  );

  app.get(
    `${BASE}/terminalSelect`,
    {
      config: { access: [...CHOOSERS] },
      schema: {
        tags,
        summary:
          'Claimed terminals of the caller’s range, paged: filter by office (and below), group (and subgroups), name or device id, online; with programId, marks (or filters on) those it is published to',
        querystring: Type.Object({
          ...Paging,
          officeId: Type.Optional(Id),
          groupId: Type.Optional(Id),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
          online: Type.Optional(Type.Boolean()),
          programId: Type.Optional(Id),
          published: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(PageOf(PublishTerminalSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await publish.terminalSelect(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.post(
    `${BASE}/saveTerminals`,
    {
      config: { access: 'program:make:publish' },
      schema: {
        tags,
        summary:
          'Saves a program’s terminals: afterwards it plays on exactly the chosen terminals and the claimed terminals of the chosen groups (and subgroups) within the caller’s range (mode replace, the default), or on those besides the terminals it already had (mode add); ' +
          'the chosen terminals play it within startAt–endAt (absent: from now on, without end). ' +
          'The program must be approved (409) and its materials publishable (409); unknown terminals or groups: 404 naming them. Changed terminals are told at once.',
        body: Type.Object({
          programId: Id,
          terminalIds: TargetIds,
          groupIds: TargetIds,
          mode: Type.Optional(Type.Enum([...PUBLISH_MODES])),
          startAt: Instant,
          endAt: Instant,
        }),
        response: { 200: EnvelopeOf(PublishResultSchema) },
      },
    },
    async (request) => {
      const { programId, mode } = request.body;
      const terminalIds = targetIds(request.body.terminalIds, 'terminalIds');
      const groupIds = targetIds(request.body.groupIds, 'groupIds');
      const window = publishWindow(request.body.startAt, request.body.endAt);
      return ok(
        await publish.saveTerminals(request.auth!, { programId, terminalIds, groupIds, mode, ...window }),
      );
    },
  );

  app.get(
    `${BASE}/delivery`,
    {
      config: { access: [...CHOOSERS] },
      schema: {
        tags,
        summary:
          'Where a program stands on each terminal it is published to (caller’s range), paged, by name: waiting, downloading (files and bytes), playing, failed (reason) or offline (queued); with the count of every state',
        querystring: Type.Object({
          ...Paging,
          programId: Id,
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

  app.post(
    `${BASE}/retryDelivery`,
    {
      config: { access: 'program:make:publish' },
      schema: {
        tags,
        summary:
          'Tells the terminals whose download of the program failed (all, or those of terminalIds) to fetch it again; answers the terminals retried. Terminals the program is not published to: 404 naming them.',
        body: Type.Object({ programId: Id, terminalIds: TargetIds }),
        response: { 200: EnvelopeOf(DeliveryRetrySchema) },
      },
    },
    async (request) => {
      const terminalIds = targetIds(request.body.terminalIds, 'terminalIds');
      return ok(await delivery.retry(request.auth!, request.body.programId, terminalIds));
    },
  );
};

export default publishRoutes;
