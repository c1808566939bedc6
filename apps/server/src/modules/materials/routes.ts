import {
  EnvelopeOf,
  MATERIAL_KIND_VALUES,
  MATERIAL_NAME_MAX,
  MATERIAL_SORT_FIELDS,
  MaterialDetailSchema,
  MaterialSchema,
  PageOf,
  PageQuery,
  PROCESS_STATE_VALUES,
  REVIEW_STATE_VALUES,
  StorageCapacitySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { MATERIAL_VIEWERS } from './access.js';
import fileRoutes from './file-routes.js';
import folderRoutes from './folder-routes.js';
import { IdSchema, IdsSchema, idsOf } from './ids.js';
import reviewRoutes from './review/routes.js';

const tags = ['material'];
const BASE = '/a/api/material';
const MAX_ID = 2_147_483_647;
const Id = IdSchema;

/** Material library (`/a/api/material/...`), its folders, file serving and review. */
const materialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { materials } = app.services;
  await app.register(folderRoutes);
  await app.register(fileRoutes);
  await app.register(reviewRoutes);

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'res:material:view' },
      schema: {
        tags,
        summary:
          'Materials the caller may see (own data range and shared platform ones): filtered, sorted, paged',
        querystring: Type.Object({
          ...PageQuery.properties,
          folderId: Type.Optional(
            Type.Integer({ minimum: 0, maximum: MAX_ID, description: '0 = top level; absent = all folders' }),
          ),
          kind: Type.Optional(Type.Enum([...MATERIAL_KIND_VALUES])),
          reviewState: Type.Optional(Type.Enum([...REVIEW_STATE_VALUES])),
          processState: Type.Optional(Type.Enum([...PROCESS_STATE_VALUES])),
          createdBy: Type.Optional(Id),
          dateFrom: Type.Optional(
            Type.String({ maxLength: 40, description: 'ISO 8601 date or time, inclusive' }),
          ),
          dateTo: Type.Optional(
            Type.String({ maxLength: 40, description: 'ISO 8601 date or time, inclusive' }),
          ),
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
          sortField: Type.Optional(Type.Enum([...MATERIAL_SORT_FIELDS], { default: 'createdAt' })),
          sortOrder: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
        }),
        response: { 200: EnvelopeOf(PageOf(MaterialSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, sortField, sortOrder, ...filters } = request.query;
      return ok(await materials.list(request.auth!, filters, { pageNo, pageSize, sortField, sortOrder }));
    },
  );

  app.get(
    `${BASE}/detail`,
    {
      config: { access: MATERIAL_VIEWERS },
      schema: {
        tags,
        summary: 'One material with folder path, codecs, pages, poster, converted file, users and review',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(MaterialDetailSchema) },
      },
    },
    async (request) => ok(await materials.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/rename`,
    {
      config: { access: 'res:material:edit' },
      schema: {
        tags,
        summary: 'Renames a material of the caller’s data range',
        body: Type.Object({ id: Id, name: Type.String({ maxLength: MATERIAL_NAME_MAX * 2 }) }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materials.rename(request.auth!, request.body.id, request.body.name);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/move`,
    {
      config: { access: 'res:material:edit' },
      schema: {
        tags,
        summary: 'Moves materials into a folder of the caller’s scope (null: top level); all or nothing',
        body: Type.Object({ ids: IdsSchema, folderId: Type.Union([Id, Type.Null()]) }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materials.move(request.auth!, idsOf(request.body.ids), request.body.folderId);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'res:material:delete' },
      schema: {
        tags,
        summary: 'Deletes materials (409 listing their users when in use); unlinked stored files go too',
        body: Type.Object({ ids: IdsSchema }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const ids = idsOf(request.body.ids);
      await materials.delete(request.auth!, ids);
      request.log.info({ ids: ids.length }, 'materials deleted');
      return ok(null);
    },
  );

  app.post(
    `${BASE}/share`,
    {
      config: { access: 'res:material:edit' },
      schema: {
        tags,
        summary: 'Shares platform materials with every tenant, or stops sharing them (platform users only)',
        body: Type.Object({ ids: IdsSchema, shared: Type.Boolean() }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materials.share(request.auth!, idsOf(request.body.ids), request.body.shared);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/capacity`,
    {
      config: { access: 'res:material:view' },
      schema: {
        tags,
        summary: 'Storage used by the caller’s tenant, its tightest quota and the per-file upload limit',
        response: { 200: EnvelopeOf(StorageCapacitySchema) },
      },
    },
    async (request) => ok(await app.services.storageCapacity.usage(request.auth!)),
  );
};

export default materialRoutes;
