import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';

/** Route config and the menu tree. */
const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/routes',
    {
      config: { access: 'session' },
      schema: {
        tags: ['menu'],
        summary: 'Server route config, merged by the console over its static routes by path',
        response: { 200: EnvelopeOf(Type.Array(Type.Unknown())) },
      },
    },
    async () => ok((await app.services.menus.routes()).map(({ id: _id, ...route }) => route)),
  );

  app.get(
    '/a/sys/menu/lists',
    {
      config: { access: 'sys:menu:view' },
      schema: {
        tags: ['menu'],
        summary: 'The menu tree',
        response: { 200: EnvelopeOf(Type.Array(Type.Unknown())) },
      },
    },
    async () => ok(await app.services.menus.tree()),
  );
};

export default menuRoutes;
