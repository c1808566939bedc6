import type { FastifyInstance } from 'fastify';

/** Tells the processing queue a new stored file waits (thumbnails, probing, transcoding). */
export function wakeMaterialJobs(app: FastifyInstance): void {
  app.services.materialJobs.wake();
}
