import {
  EnvelopeOf,
  LanguageSchema,
  Languages,
  NotificationRecipientSchema,
  NotificationSendingSchema,
  PageOf,
  PageQuery,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';
import { readerLanguages } from '../../lib/reader-language.js';
import { fieldError } from '../users/user-access.js';

const tags = ['notification'];
const BASE = '/a/api/messageNotification';
const MAX_ID = 2_147_483_647;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const IdList = Type.String({ minLength: 1, maxLength: 6000, description: ID_LIST_DESCRIPTION });
const Targets = (what: string) =>
  Type.Optional(Type.Unknown({ description: `${what}: an array of ids, or ${ID_LIST_DESCRIPTION}` }));

/** Ids as a comma-joined string or an array of ids (empty: none); 400 naming `field` otherwise. */
function parseTargetIds(raw: unknown, field: string): number[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw === 'number') return parseIdList(String(raw), field);
  if (typeof raw === 'string') return parseIdList(raw, field);
  if (Array.isArray(raw) && raw.every((v) => typeof v === 'number' || typeof v === 'string')) {
    return raw.length ? parseIdList(raw.join(','), field) : [];
  }
  throw fieldError(400, field, `${field} must be a comma-joined list or an array of ids`);
}

/** Message notification management (`sysManage/messageNotification`): send, list and delete sendings. */
const notificationAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { admin } = app.services.notifications;
  const { brands } = app.services;

  app.post(
    `${BASE}/send`,
    {
      config: { access: 'sys:messageNotification:add' },
      schema: {
        tags,
        summary:
          'Sends a message to users, role holders and offices (with subtrees) within the caller’s data range',
        body: Type.Object({
          contents: Type.Optional(
            Type.Unknown({
              description: `Content per language code (${Languages.join(', ')}), any subset but at least one: an object or its JSON text`,
            }),
          ),
          contentCn: Type.Optional(
            Type.String({ maxLength: 20_000, description: 'Content in Chinese: the same as contents.CN' }),
          ),
          contentEn: Type.Optional(
            Type.String({ maxLength: 20_000, description: 'Content in English: the same as contents.US' }),
          ),
          userIds: Targets('User ids'),
          roleIds: Targets('Role ids (their holders)'),
          officeIds: Targets('Office ids (their users and those of the offices below)'),
        }),
        response: {
          200: EnvelopeOf(Type.Object({ id: Type.Integer(), recipientCount: Type.Integer() })),
        },
      },
    },
    async (request) => {
      const { contents, contentCn, contentEn } = request.body;
      const sent = await admin.send(request.auth!, {
        contents,
        contentCn,
        contentEn,
        userIds: parseTargetIds(request.body.userIds, 'userIds'),
        roleIds: parseTargetIds(request.body.roleIds, 'roleIds'),
        officeIds: parseTargetIds(request.body.officeIds, 'officeIds'),
      });
      request.log.info(sent, 'message notification sent');
      return ok(sent);
    },
  );

  app.get(
    `${BASE}/sendList`,
    {
      config: { access: 'sys:messageNotification:view' },
      schema: {
        tags,
        summary:
          'Sendings within the caller’s data range, newest first, each in the caller’s language (or a fallback); search by content',
        querystring: Type.Object({
          pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
          pageSize: PageQuery.properties.pageSize,
          keyword: Type.Optional(
            Type.String({ maxLength: 200, description: 'Part of the content in any language' }),
          ),
          language: Type.Optional({
            ...LanguageSchema,
            description:
              'Language to answer `content` in; defaults to the language cookie, then the brand default',
          }),
        }),
        response: { 200: EnvelopeOf(PageOf(NotificationSendingSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, keyword, language } = request.query;
      const languages = await readerLanguages(request, brands, language);
      return ok(await admin.list(request.auth!, { pageNo, pageSize, keyword, languages }));
    },
  );

  app.get(
    `${BASE}/sendDetail`,
    {
      config: { access: 'sys:messageNotification:view' },
      schema: {
        tags,
        summary: 'The recipients of a sending with the read state of their copies',
        querystring: Type.Object({
          id: Id,
          pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
          pageSize: PageQuery.properties.pageSize,
          readState: Type.Optional(Type.Enum(['0', '1'], { description: "'0' unread, '1' read" })),
          keyword: Type.Optional(Type.String({ maxLength: 200, description: 'Part of name or login name' })),
        }),
        response: { 200: EnvelopeOf(PageOf(NotificationRecipientSchema)) },
      },
    },
    async (request) => {
      const { id, pageNo = 1, pageSize = 10, readState, keyword } = request.query;
      return ok(await admin.recipients(request.auth!, id, { pageNo, pageSize, readState, keyword }));
    },
  );

  app.post(
    `${BASE}/sendDelete`,
    {
      config: { access: 'sys:messageNotification:delete' },
      schema: {
        tags,
        summary: 'Deletes sendings with every copy of them (all or none)',
        body: Type.Object({ id: IdList }),
        response: { 200: EnvelopeOf(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.id);
      const deleted = await admin.delete(request.auth!, ids);
      request.log.info({ ids: ids.length, deleted }, 'sendings deleted');
      return ok({ deleted });
    },
  );
};

export default notificationAdminRoutes;
