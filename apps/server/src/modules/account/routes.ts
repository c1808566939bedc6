import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Personal center: own profile, avatar, password, bound e-mail and phone: HTTP routes. */
const accountRoutes: FastifyPluginAsyncTypebox = async () => {};

export default accountRoutes;
