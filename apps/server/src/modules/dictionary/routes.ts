import {
  DICT_SORT_FIELDS,
  DictEntrySchema,
  DictOptionSchema,
  DictTypeSchema,
  EnvelopeOf,
  Languages,
  PageOf,
  PageQuery,
  type Language,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';

const tags = ['dictionary'];
const BASE = '/a/api/dict';
const MAX_ID = 2_147_483_647;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const LanguageSchema = Type.Enum([...Languages], { description: 'Console language code' });

/** The caller's language: the `language` parameter, else the `language` cookie, else English. */
export function callerLanguage(request: FastifyRequest, explicit?: string): Language {
  const candidate = explicit ?? request.cookies?.language;
  return (Languages as readonly string[]).includes(candidate ?? '') ? (candidate as Language) : 'US';
}

/** Dictionary management (`/a/api/dict/...`): listed with sys:dict:view, read by type by every signed-in user, written by platform users. */
const dictionaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { dictionary } = app.services;

  app.get(
    `${BASE}/list`,
    {
      // The management list (disabled entries, every language); forms read enabled entries through byType.
      config: { access: 'sys:dict:view' },
      schema: {
        tags,
        summary: 'Dictionary entries: search by type, value or label, filter by type, sort and page',
        querystring: Type.Object({
          ...PageQuery.properties,
          keyword: Type.Optional(
            Type.String({ maxLength: 200, description: 'Part of type, value or a label' }),
          ),
          type: Type.Optional(Type.String({ maxLength: 64, description: 'Entries of this type only' })),
          sortField: Type.Optional(Type.Enum([...DICT_SORT_FIELDS])),
          sortOrder: Type.Optional(Type.Enum(['asc', 'desc'])),
        }),
        response: { 200: EnvelopeOf(PageOf(DictEntrySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await dictionary.list({ pageNo, pageSize, ...filters }));
    },
  );

  app.get(
    `${BASE}/types`,
    {
      config: { access: 'sys:dict:view' },
      schema: {
        tags,
        summary: 'Every dictionary type with the number of its entries',
        response: { 200: EnvelopeOf(Type.Array(DictTypeSchema)) },
      },
    },
    async () => ok(await dictionary.types()),
  );

  app.get(
    `${BASE}/byType`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The enabled entries of a type in order, labelled in the caller's language",
        querystring: Type.Object({
          type: Type.String({ minLength: 1, maxLength: 64 }),
          language: Type.Optional({
            ...LanguageSchema,
            description: 'Defaults to the language cookie, then US',
          }),
        }),
        response: { 200: EnvelopeOf(Type.Array(DictOptionSchema)) },
      },
    },
    async (request) =>
      ok(await dictionary.byType(request.query.type, callerLanguage(request, request.query.language))),
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:dict:add and editing sys:dict:edit; the service checks which applies.
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Creates (no id; sys:dict:add) or edits (sys:dict:edit) an entry; platform users only',
        body: Type.Object({
          id: Type.Optional(Id),
          type: Type.String({ maxLength: 200 }),
          value: Type.String({ maxLength: 200 }),
          labels: Type.Unknown({
            description: 'A label per language {CN, HK, US, IT, RU, FR, KR}: an object or its JSON text',
          }),
          description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
          sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
          enabled: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const saved = await dictionary.save(request.auth!, request.body);
      request.log.info({ id: saved.id, created: request.body.id === undefined }, 'dictionary entry saved');
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'sys:dict:delete' },
      schema: {
        tags,
        summary: 'Deletes entries (all or none); platform users only',
        body: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 6000, description: ID_LIST_DESCRIPTION }),
        }),
        response: { 200: EnvelopeOf(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.id);
      const deleted = await dictionary.delete(request.auth!, ids);
      request.log.info({ ids: ids.length, deleted }, 'dictionary entries deleted');
      return ok({ deleted });
    },
  );
};

export default dictionaryRoutes;
