import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Message notification management (`sysManage/messageNotification`): send, list and delete sendings. */
const notificationAdminRoutes: FastifyPluginAsyncTypebox = async () => {};

export default notificationAdminRoutes;
