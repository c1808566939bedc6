import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Menu management (`sysManage/menuManage`): HTTP routes. */
const menuAdminRoutes: FastifyPluginAsyncTypebox = async () => {};

export default menuAdminRoutes;
