import { EnvelopeOf, LanguageSchema, NotificationContentsSchema, PageQuery } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { forbidden } from '../../lib/errors.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';
import { readerLanguages } from '../../lib/reader-language.js';

const tags = ['notification'];
const BASE = '/a/api/messageNotification';

/** Read state of a message: '0' unread, '1' read. */
const ReadStateSchema = Type.Enum(['0', '1'], { description: "'0' unread, '1' read" });

/** One notification message as the bell lists it: every language, and the one the caller is shown. */
export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  createDate: Type.String({ description: 'ISO 8601 creation time' }),
  contents: NotificationContentsSchema,
  content: Type.String({
    description: "The content in the caller's language, else the brand default, US, CN or any",
  }),
  language: Type.Union([LanguageSchema, Type.Null()], {
    description: 'Language of `content` (null when the message has no text)',
  }),
  contentCn: Type.String({ description: 'contents.CN, or empty' }),
  contentEn: Type.String({ description: 'contents.US, or empty' }),
  readState: ReadStateSchema,
});

const IdList = Type.String({ minLength: 1, maxLength: 6000, description: ID_LIST_DESCRIPTION });

/** The list envelope: the usual page in `data`, and the same messages again in `messageList` (spec section 7). */
const ListEnvelope = Type.Object({
  ...EnvelopeOf(
    Type.Object({
      list: Type.Array(NotificationSchema),
      count: Type.Integer(),
      pageNo: Type.Integer(),
      pageSize: Type.Integer(),
      unread: Type.Integer({ description: 'Unread messages of the caller, over all pages' }),
    }),
  ).properties,
  messageList: Type.Array(NotificationSchema, {
    description: 'The messages of the page (same as data.list)',
  }),
});

/** The caller's notification messages: list, mark read or unread, delete (`/a/api/messageNotification/...`). */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { notifications } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The caller's notification messages, newest first, with the unread count",
        querystring: Type.Object({
          userId: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 2_147_483_647,
              description: "The caller's own id, or omitted",
            }),
          ),
          pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
          pageSize: PageQuery.properties.pageSize,
          language: Type.Optional({
            ...LanguageSchema,
            description:
              'Language to answer `content` in; defaults to the language cookie, then the brand default',
          }),
        }),
        response: { 200: ListEnvelope },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { userId, pageNo = 1, pageSize = 10, language } = request.query;
      if (userId !== undefined && userId !== auth.userId) {
        request.log.info({ userId, caller: auth.userId }, "refused another user's notifications");
        throw forbidden('Request denied: only your own messages can be listed', 'notOwnMessages');
      }
      const languages = await readerLanguages(request, app.services.brands, language);
      const page = await notifications.list(auth.userId, pageNo, pageSize, languages);
      return { ...ok(page), messageList: page.list };
    },
  );

  // The spec makes this write a GET; the console POSTs it. The GET only passes the cross-site check when
  // it proves it comes from our own pages (`audit: true` marks it; see plugins/cross-site.ts).
  const ReadStateInput = Type.Object({ id: IdList, readState: ReadStateSchema });
  const setReadState = async (request: FastifyRequest, input: Static<typeof ReadStateInput>) => {
    const ids = parseIdList(input.id);
    const updated = await notifications.setReadState(request.auth!.userId, ids, input.readState);
    request.log.info({ ids: ids.length, updated }, 'notification read state set');
    return ok({ updated });
  };
  const readStateSummary =
    "Marks the caller's messages read ('1') or unread ('0'); other users' ids are ignored";
  const ReadStateEnvelope = EnvelopeOf(Type.Object({ updated: Type.Integer() }));
  app.get(
    `${BASE}/updateReadState`,
    {
      config: { access: 'session', audit: true },
      schema: {
        tags,
        summary: `${readStateSummary}; the GET needs Sec-Fetch-Site: same-origin or X-Requested-With`,
        querystring: ReadStateInput,
        response: { 200: ReadStateEnvelope },
      },
    },
    async (request) => setReadState(request, request.query),
  );
  app.post(
    `${BASE}/updateReadState`,
    {
      config: { access: 'session' },
      schema: { tags, summary: readStateSummary, body: ReadStateInput, response: { 200: ReadStateEnvelope } },
    },
    async (request) => setReadState(request, request.body),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'sys:messageNotification:delete' },
      schema: {
        tags,
        summary: "Deletes the caller's messages; other users' ids are ignored",
        body: Type.Object({ id: IdList }),
        response: { 200: EnvelopeOf(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.id);
      const deleted = await notifications.delete(request.auth!.userId, ids);
      request.log.info({ ids: ids.length, deleted }, 'notifications deleted');
      return ok({ deleted });
    },
  );
};

export default notificationRoutes;
