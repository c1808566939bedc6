import {
  EnvelopeOf,
  Md5CheckSchema,
  PageOf,
  WIDGET_FRAME_CSP,
  WIDGET_FRAME_HTML,
  WIDGET_FRAME_PATH,
  WidgetEntrySchema,
  WidgetIdsBodySchema,
  WidgetListQuerySchema,
  WidgetPackageSaveBodySchema,
  WidgetPaletteSchema,
  WidgetToggleBodySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { PALETTE_READERS, requirePermission, WIDGET_VIEWERS } from './access.js';
import { WidgetCatalogueService } from './catalogue-service.js';
import dataSourceRoutes from './data-routes.js';
import storeRoutes from './store-routes.js';

const tags = ['widget'];
const BASE = '/a/api/widget';

/** The frame is static: terminals keep it in their HTTP cache for offline playback. */
const FRAME_MAX_AGE = 7 * 86_400;

/**
 * Widget management (`/a/api/widget/...`): the tenant's catalogue of widget types (built-in types
 * switched on or off, custom HTML packages), its data sources, the platform's store, and the frame
 * custom widgets run in (`/f/widget/frame`).
 */
const widgetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = new WidgetCatalogueService(app.db, app.services.filesDir);
  await app.register(dataSourceRoutes);
  await app.register(storeRoutes);

  app.get(
    `${BASE}/list`,
    {
      config: { access: WIDGET_VIEWERS },
      schema: {
        tags,
        summary:
          'The caller’s tenant catalogue: built-in widget types and custom HTML packages, with whether each is on, ' +
          'how many programs use it and its uses and touches of the last 30 days; filtered, sorted and paged on the server',
        querystring: WidgetListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(WidgetEntrySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 20, ...rest } = request.query;
      return ok(await catalogue.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/palette`,
    {
      config: { access: PALETTE_READERS },
      schema: {
        tags,
        summary:
          'What the program editor offers: the built-in types switched on, the enabled packages with their settings, and the data sources',
        response: { 200: EnvelopeOf(WidgetPaletteSchema) },
      },
    },
    async (request) => ok(await catalogue.palette(request.auth!)),
  );

  app.post(
    `${BASE}/toggle`,
    {
      config: { access: 'widget:list:edit' },
      schema: {
        tags,
        summary:
          'Switches catalogue entries (a built-in type’s name, or pkg-<id>) on or off for the tenant, all or nothing; ' +
          'programs already saved keep playing, a program using a switched-off entry can no longer be saved',
        body: WidgetToggleBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await catalogue.toggle(request.auth!, request.body);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/savePackage`,
    {
      config: { access: ['widget:list:add', 'widget:list:edit'] },
      schema: {
        tags,
        summary:
          'Registers an HTML package (zip) of the material library as a custom widget (no id; widget:list:add), or gives a package a new zip ' +
          '(id; widget:list:edit). The zip is checked (files, size, paths, bombs) and its widget.json read: name, size, settings schema; ' +
          '400 naming materialId with what is wrong, 409 when the zip is registered already',
        body: WidgetPackageSaveBodySchema,
        response: { 200: EnvelopeOf(WidgetEntrySchema) },
      },
    },
    async (request) => {
      requirePermission(
        request.auth!,
        request.body.id === undefined ? 'widget:list:add' : 'widget:list:edit',
      );
      return ok(await catalogue.savePackage(request.auth!, request.body));
    },
  );

  app.post(
    `${BASE}/deletePackage`,
    {
      config: { access: 'widget:list:delete' },
      schema: {
        tags,
        summary:
          'Removes custom widgets of the tenant, all or nothing; 409 listing programs that still use them (the zip stays in the library)',
        body: WidgetIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await catalogue.deletePackages(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/md5Check`,
    {
      config: { access: ['widget:list:add', 'widget:list:edit'] },
      schema: {
        tags,
        summary:
          'Image MD5 check for widgets: whether bytes with this MD5 and size (a widget image or package) are held where ' +
          'the caller may link them (its tenant, or shared platform files), so the upload can be skipped; links nothing',
        querystring: Type.Object({
          md5: Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'Hex MD5 of the bytes' }),
          size: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Bytes' }),
        }),
        response: { 200: EnvelopeOf(Md5CheckSchema) },
      },
    },
    async (request) => {
      const { md5, size } = request.query;
      const held = await app.services.materialUploads.heldFile(
        request.auth!,
        md5.toLowerCase(),
        size,
        'widget',
      );
      return ok({ exists: Boolean(held), material: null });
    },
  );

  app.get(
    WIDGET_FRAME_PATH.slice('/apm-web'.length),
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The sandboxed page custom HTML widgets run in (no network, its own scripts and files only)',
      },
    },
    async (_request, reply) => {
      // Not the API's policy: this page is framed by the console and the player, and runs the widget's scripts.
      reply.raw.removeHeader('x-frame-options');
      return reply
        .header('content-security-policy', WIDGET_FRAME_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', `public, max-age=${FRAME_MAX_AGE}`)
        .type('text/html; charset=utf-8')
        .send(WIDGET_FRAME_HTML);
    },
  );
};

export default widgetRoutes;
