import { EnvelopeOf, ProgramThumbnailBodySchema, ProgramThumbnailSavedSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { IdSchema as Id } from '../materials/ids.js';

const tags = ['program'];
const URL = '/a/api/program/thumbnail';
/** How long a browser reuses a thumbnail without asking again (the console's URL changes with the revision). */
const MAX_AGE_SECONDS = 3600;

/** Program thumbnails (`/a/api/program/thumbnail`): the console stores the first scene's image; lists show it. */
const thumbnailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { thumbnails } = app.services.programs;

  app.post(
    URL,
    {
      // program:make:add alone is enough for the caller's own programs; the service checks which applies.
      config: { access: ['program:make:edit', 'program:make:add'] },
      schema: {
        tags,
        summary:
          'Stores the thumbnail of a program in the caller’s scope (replacing it): a JPEG or PNG data URL of at ' +
          'most 200 KB; 400 naming `image` when it is not one, 404 out of scope. Needs program:make:edit, or ' +
          'program:make:add for a program the caller created',
        body: Type.Object({ ...ProgramThumbnailBodySchema.properties, id: Id }),
        response: { 200: EnvelopeOf(ProgramThumbnailSavedSchema) },
      },
    },
    async (request) => ok(await thumbnails.save(request.auth!, request.body)),
  );

  app.get(
    URL,
    {
      config: { access: ['program:make:view', 'review:program:view', 'program:make:publish'] },
      schema: {
        tags,
        summary:
          'The thumbnail image of a program in the caller’s scope (ETag of its revision, 304 on If-None-Match); ' +
          '404 when it has none',
        querystring: Type.Object({
          id: Id,
          v: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: 2_147_483_647,
              description: 'Ignored: a cache key (the revision)',
            }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const file = await thumbnails.file(request.auth!, request.query.id);
      // The revision names the program state drawn; the time tells apart two images of one revision.
      const etag = `"${file.revision}-${file.updatedAt.getTime().toString(36)}"`;
      void reply.header('ETag', etag).header('Cache-Control', `private, max-age=${MAX_AGE_SECONDS}`);
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      return reply.type(file.mime).header('X-Content-Type-Options', 'nosniff').send(file.bytes);
    },
  );
};

export default thumbnailRoutes;
