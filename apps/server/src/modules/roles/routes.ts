import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Role management: roles, their permission grants and members: HTTP routes. */
const rolesRoutes: FastifyPluginAsyncTypebox = async () => {};

export default rolesRoutes;
