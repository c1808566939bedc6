import {
  EnvelopeOf,
  PageOf,
  PageQuery,
  ProgramTemplateDetailSchema,
  ProgramTemplateSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { IdSchema as Id, IdsSchema as Ids, idsOf } from '../materials/ids.js';

const tags = ['programs'];
const BASE = '/a/api/program/template';

/** Program templates (`/a/api/program/template/...`): list, detail, save a program as one, delete. */
const programTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { programTemplates } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: ['program:make:view', 'program:make:add'] },
      schema: {
        tags,
        summary:
          'Templates the caller may start a program from: their data range and the platform’s shared ones',
        querystring: Type.Object({
          ...PageQuery.properties,
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name' })),
        }),
        response: { 200: EnvelopeOf(PageOf(ProgramTemplateSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, keyword } = request.query;
      return ok(await programTemplates.list(request.auth!, { pageNo, pageSize, keyword }));
    },
  );

  app.get(
    `${BASE}/detail`,
    {
      config: { access: ['program:make:view', 'program:make:add'] },
      schema: {
        tags,
        summary: 'One template with its document; 404 when the caller may not use it',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(ProgramTemplateDetailSchema) },
      },
    },
    async (request) => ok(await programTemplates.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/save`,
    {
      config: { access: 'program:make:add' },
      schema: {
        tags,
        summary:
          'Saves a program of the caller’s data range as a template of its office; `shared` offers it to every ' +
          'tenant (platform users only, 403 platformOnly; every material shared, else 400 materialsNotShared)',
        body: Type.Object({
          programId: Id,
          name: Type.String({ minLength: 1, maxLength: 200 }),
          shared: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => ok(await programTemplates.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'program:make:delete' },
      schema: {
        tags,
        summary: 'Deletes templates of the caller’s data range, all or nothing',
        body: Type.Object({ ids: Ids }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await programTemplates.delete(request.auth!, idsOf(request.body.ids));
      return ok(null);
    },
  );
};

export default programTemplateRoutes;
