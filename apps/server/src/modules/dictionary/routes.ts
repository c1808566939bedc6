import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Dictionary management: typed value lists with labels per language: HTTP routes. */
const dictionaryRoutes: FastifyPluginAsyncTypebox = async () => {};

export default dictionaryRoutes;
