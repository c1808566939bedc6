import {
  EnvelopeOf,
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
import { groupTreeMap, officeTreeMap, pageOfficeTreeMap } from './publish-trees.js';

const tags = ['publish'];
const BASE = '/a/api/publishProgram';
/** Most terminals or groups one publish call may name. */
const MAX_TARGETS = 10_000;
/** Who may browse terminals to publish to. */
const CHOOSERS = ['program:make:publish', 'publish:terminalSelection:view'] as const;

const TargetIds = Type.Optional(
  Type.Union([
    Type.Array(Id, { maxItems: MAX_TARGETS }),
    Type.String({ maxLength: MAX_TARGETS * 11, description: 'Comma-joined ids; empty for none' }),
  ]),
);

/** Ids of an array or a comma-joined string (empty = none); 400 naming the field on anything else. */
function targetIds(value: number[] | string | undefined, field: string): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return [...new Set(value)];
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map((p) => (/^[0-9]{1,10}$/.test(p) ? Number(p) : NaN));
  if (!ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647)) {
    const msg = `${field} must be a comma-joined list of positive integers`;
    throw badRequest(msg, 'validation', { fields: { [field]: msg } });
  }
  return [...new Set(ids)];
}

const Paging = {
  ...PageQuery.properties,
};

/** Program publishing (`/a/api/publishProgram/...`): office and group trees, terminal choice, saveTerminals. */
const publishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { publish } = app.services;

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
          'Saves a program’s terminals: afterwards it plays on exactly the chosen terminals and the claimed terminals of the chosen groups (and subgroups) within the caller’s range. ' +
          'The program must be approved (409) and its materials publishable (409); unknown terminals or groups: 404 naming them. Changed terminals are told at once.',
        body: Type.Object({ programId: Id, terminalIds: TargetIds, groupIds: TargetIds }),
        response: { 200: EnvelopeOf(PublishResultSchema) },
      },
    },
    async (request) => {
      const { programId } = request.body;
      const terminalIds = targetIds(request.body.terminalIds, 'terminalIds');
      const groupIds = targetIds(request.body.groupIds, 'groupIds');
      return ok(await publish.saveTerminals(request.auth!, { programId, terminalIds, groupIds }));
    },
  );
};

export default publishRoutes;
