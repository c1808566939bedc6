import { EnvelopeOf, MATERIAL_NAME_MAX, MaterialFolderSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

const tags = ['material'];
const BASE = '/a/api/material/folder';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ParentId = Type.Optional(Type.Union([Id, Type.Null()], { description: 'null or absent: top level' }));

/** Folders of the material library (`/a/api/material/folder/...`). */
const folderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { materialFolders } = app.services;

  app.get(
    `${BASE}/tree`,
    {
      config: { access: 'res:material:view' },
      schema: {
        tags,
        summary:
          'Every folder in the caller’s scope, flat, parents first, with material and subfolder counts',
        response: { 200: EnvelopeOf(Type.Array(MaterialFolderSchema)) },
      },
    },
    async (request) => ok(await materialFolders.tree(request.auth!)),
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs res:material:add and renaming res:material:edit; the service checks which applies.
      config: { access: 'res:material:view' },
      schema: {
        tags,
        summary: 'Creates (no id) or renames a folder; 409 when a sibling of the same office has the name',
        body: Type.Object({
          id: Type.Optional(Id),
          parentId: ParentId,
          name: Type.String({ maxLength: MATERIAL_NAME_MAX * 2 }),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => ok(await materialFolders.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/move`,
    {
      config: { access: 'res:material:edit' },
      schema: {
        tags,
        summary: 'Moves a folder under another folder of its office (null: top level); no cycles',
        body: Type.Object({ id: Id, parentId: ParentId }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materialFolders.move(request.auth!, request.body.id, request.body.parentId ?? null);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'res:material:delete' },
      schema: {
        tags,
        summary: 'Deletes an empty folder; 409 while it holds subfolders or materials',
        body: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await materialFolders.delete(request.auth!, request.body.id);
      return ok(null);
    },
  );
};

export default folderRoutes;
