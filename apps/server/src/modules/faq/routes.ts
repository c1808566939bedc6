import { EnvelopeOf, FaqSchema, Languages, PageOf, PageQuery, PublishedFaqSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';
import { callerLanguage } from '../dictionary/routes.js';

const tags = ['faq'];
const BASE = '/a/api/faq';
const MAX_ID = 2_147_483_647;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const LanguageSchema = Type.Enum([...Languages], { description: 'Console language code' });

/** Common problem management (`/a/api/faq/...`): managed by platform users, published entries read by all. */
const faqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { faq } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'sys:faq:view' },
      schema: {
        tags,
        summary: 'Common problems: filter by language and published state, search, page',
        querystring: Type.Object({
          ...PageQuery.properties,
          language: Type.Optional(LanguageSchema),
          published: Type.Optional(Type.Enum(['1', '0'], { description: "'1' published, '0' not" })),
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of question or answer' })),
        }),
        response: { 200: EnvelopeOf(PageOf(FaqSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await faq.list({ pageNo, pageSize, ...filters }));
    },
  );

  app.get(
    `${BASE}/published`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "Published common problems of a language (default: the caller's), optionally searched",
        querystring: Type.Object({
          language: Type.Optional({
            ...LanguageSchema,
            description: 'Defaults to the language cookie, then US',
          }),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: EnvelopeOf(Type.Array(PublishedFaqSchema)) },
      },
    },
    async (request) =>
      ok(await faq.published(callerLanguage(request, request.query.language), request.query.keyword)),
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:faq:add and editing sys:faq:edit; the service checks which applies.
      config: { access: 'sys:faq:view' },
      schema: {
        tags,
        summary: 'Creates (no id; sys:faq:add) or edits (sys:faq:edit) an entry; platform users only',
        body: Type.Object({
          id: Type.Optional(Id),
          language: LanguageSchema,
          question: Type.String({ maxLength: 2000 }),
          answer: Type.String({ maxLength: 40_000 }),
          sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
          published: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const saved = await faq.save(request.auth!, request.body);
      request.log.info({ id: saved.id, created: request.body.id === undefined }, 'common problem saved');
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/publish`,
    {
      config: { access: 'sys:faq:edit' },
      schema: {
        tags,
        summary: 'Publishes or withdraws an entry; platform users only',
        body: Type.Object({ id: Id, published: Type.Boolean() }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await faq.setPublished(request.auth!, request.body.id, request.body.published);
      request.log.info(
        { id: request.body.id, published: request.body.published },
        'common problem published',
      );
      return ok(null);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'sys:faq:delete' },
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
      const deleted = await faq.delete(request.auth!, ids);
      request.log.info({ ids: ids.length, deleted }, 'common problems deleted');
      return ok({ deleted });
    },
  );
};

export default faqRoutes;
