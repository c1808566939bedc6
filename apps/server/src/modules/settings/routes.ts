import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isSettingKey, SETTINGS, type SettingKey, type SettingValue } from './registry.js';
import { assertPlatformCaller } from './platform.js';
import { settingType, settingValueError } from './validate.js';

const tags = ['settings'];

const SettingItem = Type.Object({
  key: Type.String(),
  value: Type.Unknown(),
  default: Type.Unknown(),
  description: Type.String(),
  type: Type.Union([
    Type.Literal('boolean'),
    Type.Literal('number'),
    Type.Literal('string'),
    Type.Literal('object'),
  ]),
  editable: Type.Boolean(),
  secret: Type.Boolean({
    description: 'Write-only: value and default are null, isSet tells whether it is set',
  }),
  isSet: Type.Optional(Type.Boolean()),
});

/** Whether a setting is a write-only secret the administrator sets (not one the system manages). */
const isWriteOnly = (key: SettingKey) => SETTINGS[key].visibility === 'secret' && !SETTINGS[key].readOnly;

/** The value of a save request: form bodies carry it JSON-encoded, and so may JSON bodies. */
function decodeValue(key: SettingKey, raw: unknown): unknown {
  // Only string settings hold strings, so any other setting's string is the JSON encoding of its value.
  if (typeof raw !== 'string' || settingType(key) === 'string') return raw;
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
      const { visibility } = SETTINGS[key];
      if (visibility === 'secret' || visibility === 'admin') {
        throw forbidden(`The setting ${key} cannot be read`);
      }
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
        summary:
          'Every setting with its value, default, description and type; write-only secrets say only whether they are set',
        response: { 200: EnvelopeOf(Type.Array(SettingItem)) },
      },
    },
    async () => {
      const keys = (Object.keys(SETTINGS) as SettingKey[]).filter(
        (k) => SETTINGS[k].visibility !== 'secret' || isWriteOnly(k),
      );
      const list = [];
      for (const key of keys) {
        const setting = SETTINGS[key];
        const base = {
          key,
          description: setting.description,
          type: settingType(key),
          editable: !setting.readOnly,
        };
        if (isWriteOnly(key)) {
          list.push({
            ...base,
            value: null,
            default: null,
            secret: true,
            isSet: await app.services.settings.isSet(key),
          });
        } else {
          const value = await app.services.settings.get(key);
          list.push({ ...base, value, default: setting.default, secret: false });
        }
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
      if (setting.readOnly) throw forbidden(`The setting ${key} cannot be changed`, 'readOnly');
      if (isWriteOnly(key)) {
        const msg = `${key} is write-only: save it through /a/api/sysSetting/saveSecret`;
        throw badRequest(msg, 'validation', { fields: { key: msg } });
      }
      await assertPlatformCaller(app.db, request.auth!);
      const value = decodeValue(key, request.body.value);
      const error = settingValueError(key, value);
      if (error) throw badRequest(error, 'validation', { fields: { value: error } });
      await app.services.settings.set(key, value as SettingValue<typeof key>);
      return ok(value);
    },
  );

  app.post(
    '/a/api/sysSetting/saveSecret',
    {
      config: { access: 'sys:setting:edit' },
      schema: {
        tags,
        summary: "Sets a write-only secret ('' clears it); answers only whether it is set",
        body: Type.Object({
          key: Type.String({ minLength: 1, maxLength: 100 }),
          // Named `secret` so that the audit log masks it.
          secret: Type.String({ maxLength: 500 }),
        }),
        response: { 200: EnvelopeOf(Type.Object({ isSet: Type.Boolean() })) },
      },
    },
    async (request) => {
      const { key, secret } = request.body;
      if (!isSettingKey(key)) throw notFound(`No setting named ${key}`);
      if (!isWriteOnly(key)) {
        const msg = `${key} is not a write-only secret`;
        throw badRequest(msg, 'validation', { fields: { key: msg } });
      }
      await assertPlatformCaller(app.db, request.auth!);
      const error = settingValueError(key, secret);
      if (error) throw badRequest(error, 'validation', { fields: { secret: error } });
      await app.services.settings.set(key, secret as SettingValue<typeof key>);
      request.log.info({ key, isSet: secret !== '' }, 'secret setting saved');
      return ok({ isSet: secret !== '' });
    },
  );
};

export default settingRoutes;
