import {
  EnvelopeOf,
  PageOf,
  PageQuery,
  PROGRAM_SORT_FIELDS,
  ProgramDetailSchema,
  ProgramSavedSchema,
  ProgramSummarySchema,
  REVIEW_STATE_VALUES,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { IdSchema as Id, IdsSchema as Ids, idsOf } from '../materials/ids.js';
import publishRoutes from './publish-routes.js';
import templateRoutes from './template-routes.js';
import reviewRoutes from './review-routes.js';
import thumbnailRoutes from './thumbnail-routes.js';

const tags = ['program'];
const BASE = '/a/api/program';
/** Readers of programs: makers, reviewers, and publishers choosing what to publish. */
const VIEWERS = ['program:make:view', 'review:program:view'] as const;

/** Programs (`/a/api/program/...`): save, list, detail, delete, copy; plus their review, publishing and thumbnails. */
const programRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { programs } = app.services;
  await app.register(reviewRoutes);
  await app.register(publishRoutes);
  await app.register(templateRoutes);
  await app.register(thumbnailRoutes);

  app.post(
    `${BASE}/save`,
    {
      // Creating needs program:make:add and updating program:make:edit; the service checks which applies.
      config: { access: ['program:make:add', 'program:make:edit'] },
      schema: {
        tags,
        summary:
          'Creates (no id) or updates a program from its document (any known format version; stored migrated). ' +
          '400 names the bad field’s JSON path (`document/scenes/0/...`), also for a material outside the library; ' +
          'size and material ids are computed. With the audit switch on, the program waits for review.',
        body: Type.Object({
          id: Type.Optional(Id),
          officeId: Type.Optional(Id),
          baseRevision: Type.Optional(
            Type.Integer({
              minimum: 1,
              description:
                'The revision the editor opened; 409 programConflict when it is no longer the current one',
            }),
          ),
          document: Type.Union([
            Type.Object({}, { additionalProperties: true }),
            Type.String({ maxLength: 900_000, description: 'The document as JSON text (form bodies)' }),
          ]),
        }),
        response: { 200: EnvelopeOf(ProgramSavedSchema) },
      },
    },
    async (request) => ok(await programs.save(request.auth!, request.body)),
  );

  app.get(
    `${BASE}/list`,
    {
      config: { access: [...VIEWERS] },
      schema: {
        tags,
        summary: 'Programs of the caller’s data range: filtered, sorted and paged on the server',
        querystring: Type.Object({
          ...PageQuery.properties,
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
          reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES])),
          officeId: Type.Optional(Id),
          sortField: Type.Optional(Type.Enum([...PROGRAM_SORT_FIELDS], { default: 'updatedAt' })),
          sortOrder: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
        }),
        response: { 200: EnvelopeOf(PageOf(ProgramSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await programs.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/detail`,
    {
      config: { access: [...VIEWERS, 'program:make:publish'] },
      schema: {
        tags,
        summary: 'One program with its document; 404 outside the caller’s data range',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(ProgramDetailSchema) },
      },
    },
    async (request) => ok(await programs.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'program:make:delete' },
      schema: {
        tags,
        summary:
          'Deletes programs, all or nothing. 409 programPublished lists the terminals a program is published to; ' +
          'with force it is taken off them (their terminals are told their manifest changed) and deleted',
        body: Type.Object({
          ids: Ids,
          force: Type.Optional(Type.Boolean({ description: 'Also delete programs published to terminals' })),
        }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await programs.delete(request.auth!, idsOf(request.body.ids), request.body.force === true);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/copy`,
    {
      config: { access: 'program:make:add' },
      schema: {
        tags,
        summary: 'Copies a program into its office under a new name (default “<name> (copy)”)',
        body: Type.Object({ id: Id, name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
        response: { 200: EnvelopeOf(ProgramSavedSchema) },
      },
    },
    async (request) => ok(await programs.copy(request.auth!, request.body.id, request.body.name)),
  );
};

export default programRoutes;
