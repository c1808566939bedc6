import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Institution tree: offices, agents and customers, moves and deletion checks: HTTP routes. */
const officesRoutes: FastifyPluginAsyncTypebox = async () => {};

export default officesRoutes;
