import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { assertPlatformCaller } from '../settings/platform.js';

const tags = ['announcement'];

/** Title, content and time limits of an announcement. */
export const ANNOUNCEMENT_LIMITS = { title: 200, content: 5000 } as const;

const CloseTipOnSchema = Type.Enum(['0', '1'], { description: "'1' shows the popup, '0' does not" });

/** The announcement as answered (times ISO 8601, or '' when not set). */
export const AnnouncementSchema = Type.Object({
  announcementTitleCh: Type.String(),
  announcementTitleEn: Type.String(),
  announcementContentCh: Type.String(),
  announcementContentEn: Type.String(),
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

/** The save body; fields left out are saved empty ('0' for colseTipOn). */
const SaveBody = Type.Object({
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
        summary: 'The platform announcement (null when none was saved)',
        querystring: Type.Object({ getType: Type.Literal(1, { description: 'Must be 1' }) }),
        response: { 200: EnvelopeOf(Type.Union([AnnouncementSchema, Type.Null()])) },
      },
    },
    async () => ok(await announcements.get()),
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
          announcementTitleCh: body.announcementTitleCh ?? '',
          announcementTitleEn: body.announcementTitleEn ?? '',
          announcementContentCh: body.announcementContentCh ?? '',
          announcementContentEn: body.announcementContentEn ?? '',
          announcemenStartTime: body.announcemenStartTime ?? '',
          announcemenEndTime: body.announcemenEndTime ?? '',
          colseTipOn: body.colseTipOn ?? '0',
        },
        request.auth!.userId,
      );
      request.log.info({ colseTipOn: saved.colseTipOn }, 'announcement saved');
      return ok(saved);
    },
  );
};

export default announcementRoutes;
