import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isSettingKey, SETTINGS, type SettingKey, type SettingValue } from './registry.js';
import { settingType, settingValueError } from './validate.js';

const tags = ['settings'];

const SettingItem = Type.Object({
  key: Type.String(),
  value: Type.Unknown(),
  default: Type.Unknown(),
  description: Type.String(),
  type: Type.Union([Type.Literal('boolean'), Type.Literal('number'), Type.Literal('object')]),
  editable: Type.Boolean(),
});

/** The value of a save request: form bodies carry it JSON-encoded, and so may JSON bodies. */
function decodeValue(raw: unknown): unknown {
  // No editable setting holds a string, so a string is always the JSON encoding of the value.
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    const msg = 'value is not valid JSON';
    throw badRequest(msg, 'validation', { fields: { value: msg } });
  }
}

/** Reading settings by key, listing and saving them (`/a/api/sysSetting/...`). */
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

  app.get(
    '/a/api/sysSetting/list',
    {
      config: { access: 'sys:setting:view' },
      schema: {
        tags,
        summary: 'Every setting that is not secret, with its value, default, description and type',
        response: { 200: EnvelopeOf(Type.Array(SettingItem)) },
      },
    },
    async () => {
      const keys = (Object.keys(SETTINGS) as SettingKey[]).filter((k) => SETTINGS[k].visibility !== 'secret');
      const list = [];
      for (const key of keys) {
        const setting = SETTINGS[key];
        list.push({
          key,
          value: await app.services.settings.get(key),
          default: setting.default,
          description: setting.description,
          type: settingType(key),
          editable: !setting.readOnly,
        });
      }
      return ok(list);
    },
  );

  app.post(
    '/a/api/sysSetting/save',
    {
      config: { access: 'sys:setting:edit' },
      schema: {
        tags,
        summary: 'Changes a setting (form bodies carry the value JSON-encoded)',
        body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), value: Type.Unknown() }),
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) => {
      const { key } = request.body;
      if (!isSettingKey(key)) throw notFound(`No setting named ${key}`);
      const setting = SETTINGS[key];
      if (setting.visibility === 'secret' || setting.readOnly) {
        throw forbidden(`The setting ${key} cannot be changed`, 'readOnly');
      }
      const value = decodeValue(request.body.value);
      const error = settingValueError(key, value);
      if (error) throw badRequest(error, 'validation', { fields: { value: error } });
      await app.services.settings.set(key, value as SettingValue<typeof key>);
      return ok(value);
    },
  );
};

export default settingRoutes;
