import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Self-registration and forgotten-password recovery (first brand only): HTTP routes. */
const registrationRoutes: FastifyPluginAsyncTypebox = async () => {};

export default registrationRoutes;
