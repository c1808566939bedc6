import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import fileRoutes from './file-routes.js';
import tusRoutes from './tus-routes.js';

/** Upload calls of materials: resumable (tus), one-shot multipart, custom thumbnails, instant upload. */
const materialUploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(tusRoutes);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 10, fieldSize: 4096, files: 1, parts: 12 } });
    await scope.register(fileRoutes);
  });
};

export default materialUploadRoutes;
