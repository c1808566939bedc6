import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FILE_VARIANTS, materialFileTarget } from './file-lookup.js';
import { serveStoredFile } from './file-serving.js';
import { MATERIAL_VIEWERS } from './access.js';

const tags = ['file'];
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A material's bytes never change (stored files are content-addressed): browsers keep them a day. */
const ORIGINAL_MAX_AGE = 86_400;
/** Derived files may be redone (new custom thumbnail, reprocessing): revalidated after a minute. */
const DERIVED_MAX_AGE = 60;

/** Serving material files (`getFile`, `getFileHandlex`) with Range, ETag and caching headers. */
const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const { filesDir } = app.services;

  app.get(
    '/a/api/file/getFile',
    {
      config: { access: MATERIAL_VIEWERS },
      schema: {
        tags,
        summary: 'The original bytes of a material the caller may see (Range, ETag, 304, inline or download)',
        querystring: Type.Object({
          id: Id,
          download: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Boolean()])),
        }),
      },
    },
    async (request, reply) => {
      const { id, download } = request.query;
      const target = await materialFileTarget(db, request.auth!, id);
      return serveStoredFile(request, reply, filesDir, {
        ...target,
        download: download === '1' || download === true,
        maxAgeSeconds: ORIGINAL_MAX_AGE,
      });
    },
  );

  app.get(
    '/a/api/file/getFileHandlex',
    {
      config: { access: MATERIAL_VIEWERS },
      schema: {
        tags,
        summary:
          'A derived file of a material: thumbnail (custom first), poster frame, converted file or PDF page',
        querystring: Type.Object({
          id: Id,
          variant: Type.Enum([...FILE_VARIANTS], { default: 'thumb' }),
          page: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based, variant page' }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const { id, variant, page } = request.query;
      const target = await materialFileTarget(db, request.auth!, id, variant, page);
      return serveStoredFile(request, reply, filesDir, { ...target, maxAgeSeconds: DERIVED_MAX_AGE });
    },
  );
};

export default fileRoutes;
