import {
  ANNOUNCEMENT_LIMITS,
  AnnouncementTextsSchema,
  EnvelopeOf,
  LanguageSchema,
  Languages,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { readerLanguages } from '../../lib/reader-language.js';
import { assertPlatformCaller } from '../settings/platform.js';

const tags = ['announcement'];

const CloseTipOnSchema = Type.Enum(['0', '1'], { description: "'1' shows the popup, '0' does not" });

/**
 * The announcement as answered: every language in `texts`, the caller's in `title`/`content`/`language`,
 * the spec's Chinese and English fields (texts.CN and texts.US), times ISO 8601 or '' when not set.
 */
export const AnnouncementSchema = Type.Object({
  texts: AnnouncementTextsSchema,
  title: Type.String({
    description: "Title in the caller's language, else the brand default, US, CN or any",
  }),
  content: Type.String({ description: 'Content in the same language as `title`' }),
  language: Type.Union([LanguageSchema, Type.Null()], {
    description: 'Language of `title` and `content` (null when there is no text)',
  }),
  announcementTitleCh: Type.String({ description: 'texts.CN.title, or empty' }),
  announcementTitleEn: Type.String({ description: 'texts.US.title, or empty' }),
  announcementContentCh: Type.String({ description: 'texts.CN.content, or empty' }),
  announcementContentEn: Type.String({ description: 'texts.US.content, or empty' }),
  announcemenStartTime: Type.String({ description: "ISO 8601, or '' when not set" }),
  announcemenEndTime: Type.String({ description: "ISO 8601, or '' when not set" }),
  colseTipOn: CloseTipOnSchema,
});

const title = Type.String({ maxLength: ANNOUNCEMENT_LIMITS.title, default: '' });
const content = Type.String({ maxLength: ANNOUNCEMENT_LIMITS.content, default: '' });
const time = Type.String({
  maxLength: 40,
  default: '',
  description: "ISO 8601 or 'YYYY-MM-DD HH:mm:ss' (server time zone), or '' for none",
});

const languageQuery = Type.Optional({
  ...LanguageSchema,
  description:
    'Language to answer `title`/`content` in; defaults to the language cookie, then the brand default',
});

/**
 * The save body; fields left out are saved empty ('0' for colseTipOn). The Chinese and English fields are
 * texts.CN and texts.US.
 */
const SaveBody = Type.Object({
  texts: Type.Optional(
    Type.Unknown({
      description: `{title, content} per language code (${Languages.join(', ')}), any subset: an object or its JSON text`,
    }),
  ),
  announcementTitleCh: Type.Optional(title),
  announcementTitleEn: Type.Optional(title),
  announcementContentCh: Type.Optional(content),
  announcementContentEn: Type.Optional(content),
  announcemenStartTime: Type.Optional(time),
  announcemenEndTime: Type.Optional(time),
  colseTipOn: Type.Optional(Type.Enum(['0', '1'], { default: '0', description: "'1' shows the popup" })),
});

/** The platform announcement: read by every signed-in user, saved by announcement editors. */
const announcementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { announcements } = app.services;

  app.get(
    '/a/api/sysSetting/announcement',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The platform announcement in the caller's language (null when none was saved)",
        querystring: Type.Object({
          getType: Type.Literal(1, { description: 'Must be 1' }),
          language: languageQuery,
        }),
        response: { 200: EnvelopeOf(Type.Union([AnnouncementSchema, Type.Null()])) },
      },
    },
    async (request) =>
      ok(
        await announcements.get(await readerLanguages(request, app.services.brands, request.query.language)),
      ),
  );

  app.post(
    '/a/api/sysSetting/announcementManagerSave',
    {
      config: { access: 'sys:announcement:edit' },
      schema: {
        tags,
        summary: 'Saves the platform announcement (form or JSON) and answers it',
        body: SaveBody,
        response: { 200: EnvelopeOf(AnnouncementSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      await assertPlatformCaller(app.db, request.auth!);
      const saved = await announcements.save(
        {
          texts: body.texts,
          announcementTitleCh: body.announcementTitleCh,
          announcementTitleEn: body.announcementTitleEn,
          announcementContentCh: body.announcementContentCh,
          announcementContentEn: body.announcementContentEn,
          announcemenStartTime: body.announcemenStartTime ?? '',
          announcemenEndTime: body.announcemenEndTime ?? '',
          colseTipOn: body.colseTipOn ?? '0',
        },
        request.auth!.userId,
        await readerLanguages(request, app.services.brands),
      );
      request.log.info(
        { colseTipOn: saved.colseTipOn, languages: Object.keys(saved.texts) },
        'announcement saved',
      );
      return ok(saved);
    },
  );
};

export default announcementRoutes;
