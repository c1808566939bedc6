import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isSettingKey, SETTINGS } from './registry.js';

const tags = ['settings'];

/** Reading settings by key (`/a/api/sysSetting/...`). */
const settingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/a/api/sysSetting/getKey',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A setting by key (secret settings are never answered)',
        querystring: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) => {
      const { key } = request.query;
      if (!isSettingKey(key)) throw notFound(`No setting named ${key}`);
      if (SETTINGS[key].visibility === 'secret') throw forbidden(`The setting ${key} cannot be read`);
      return ok(await app.services.settings.get(key));
    },
  );

  app.get(
    '/a/api/sysSetting/isSupportApiServer',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Whether the open API server is available',
        response: { 200: EnvelopeOf(Type.Boolean()) },
      },
    },
    async () => ok(await app.services.settings.get('supportApiServer')),
  );
};

export default settingRoutes;
