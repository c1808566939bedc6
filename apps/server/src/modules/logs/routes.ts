import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** System log: scrolling list, details and streamed exports of the audit log: HTTP routes. */
const logsRoutes: FastifyPluginAsyncTypebox = async () => {};

export default logsRoutes;
