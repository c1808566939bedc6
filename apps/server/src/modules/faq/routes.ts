import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Common problem management: FAQ entries per language: HTTP routes. */
const faqRoutes: FastifyPluginAsyncTypebox = async () => {};

export default faqRoutes;
