import {
  EnvelopeOf,
  PageOf,
  PageQuery,
  TerminalLiveStatusSchema,
  TerminalSchema,
  TerminalScreenshotSchema,
  TerminalStatusCountSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { serveStoredFile } from '../materials/file-serving.js';
import commandRoutes from './command-routes.js';
import settingsRoutes from './settings-routes.js';
import manageRoutes from './manage-routes.js';
import monitorRoutes from './monitor-routes.js';
import scanRoutes from './scan-routes.js';
import displayRoutes from './display-routes.js';
import infoRoutes from './info-routes.js';
import operationsRoutes from './operations-routes.js';
import volumeRoutes from './volume-routes.js';
import {
  Id,
  ListQuery,
  OfficeTerminalNodeSchema,
  TERMINAL_VIEWERS,
  TerminalBaseSchema,
  TerminalDetailsSchema,
  TerminalIdsSchema,
  TerminalScreenSchema,
} from './schemas.js';
import { TerminalScreenshotService } from './screenshot-service.js';
import { parseTerminalIds } from './terminal-scope.js';
import { TerminalService } from './terminal-service.js';
import { registerTerminalOfficeChecks } from './office-checks.js';

const tags = ['terminal'];
const BASE = '/a/api/terminal';

registerTerminalOfficeChecks();

/** The console's terminal calls (`/a/api/terminal/...`, `/a/api/terminalSet/...`). */
const terminalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const terminals = new TerminalService(app.db, app.services.offices, app.config.timeZone);
  terminals.presence = app.services.terminalPresence;
  const screenshots = new TerminalScreenshotService(app.db, app.services.filesDir);
  await app.register(manageRoutes, { screenshots });
  await app.register(commandRoutes);
  await app.register(settingsRoutes);
  await app.register(monitorRoutes);
  await app.register(scanRoutes);
  await app.register(displayRoutes);
  await app.register(volumeRoutes);
  await app.register(operationsRoutes);
  await app.register(infoRoutes);

  app.get(
    `${BASE}/list`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'Terminals in the caller’s data range (pending ones only for platform users): filtered, sorted, paged; live status from presence',
        querystring: ListQuery,
        response: { 200: EnvelopeOf(PageOf(TerminalSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, sortField, sortOrder, ...filters } = request.query;
      return ok(await terminals.list(request.auth!, filters, { pageNo, pageSize, sortField, sortOrder }));
    },
  );

  app.get(
    `${BASE}/baseList`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'The list with only what pickers need',
        querystring: ListQuery,
        response: { 200: EnvelopeOf(PageOf(TerminalBaseSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, sortField, sortOrder, ...filters } = request.query;
      const page = await terminals.list(request.auth!, filters, { pageNo, pageSize, sortField, sortOrder });
      return ok({
        ...page,
        list: page.list.map(
          ({ id, name, deviceId, state, officeId, officeName, groupId, groupName, online }) => ({
            id,
            name,
            deviceId,
            state,
            officeId,
            officeName,
            groupId,
            groupName,
            online,
          }),
        ),
      });
    },
  );

  app.get(
    `${BASE}/screenBaseList`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'The list for the screen wall: each terminal with its latest screenshot',
        querystring: ListQuery,
        response: { 200: EnvelopeOf(PageOf(TerminalScreenSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, sortField, sortOrder, ...filters } = request.query;
      const page = await terminals.list(request.auth!, filters, { pageNo, pageSize, sortField, sortOrder });
      const shots = await terminals.latestScreenshots(page.list.map((t) => t.id));
      return ok({
        ...page,
        list: page.list.map((t) => ({
          id: t.id,
          name: t.name,
          officeName: t.officeName,
          online: t.online,
          lastSeenAt: t.lastSeenAt,
          screenshot: shots.get(t.id) ?? null,
        })),
      });
    },
  );

  app.get(
    `${BASE}/search`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'Terminals in scope whose name or device id contains keyword (at most 50, by name)',
        querystring: Type.Object({ keyword: Type.String({ maxLength: 100 }) }),
        response: { 200: EnvelopeOf(Type.Array(TerminalSchema)) },
      },
    },
    async (request) => ok(await terminals.search(request.auth!, request.query.keyword)),
  );

  app.get(
    `${BASE}/treeDataNew`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'Office tree with terminal counts: without parentId the visible root(s), else its children; counts cover each subtree',
        querystring: Type.Object({ parentId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(OfficeTerminalNodeSchema)) },
      },
    },
    async (request) => ok(await terminals.officeTree(request.auth!, request.query.parentId)),
  );

  app.get(
    `${BASE}/terminalStatusCount`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'Total, online, offline and pending terminals in scope (optionally of an office subtree or group)',
        querystring: Type.Object({ officeId: Type.Optional(Id), groupId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(TerminalStatusCountSchema) },
      },
    },
    async (request) => ok(await terminals.statusCount(request.auth!, request.query)),
  );

  app.get(
    `${BASE}/terminalDetails`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'One terminal with settings, remarks, pairing code (pending) and download progress',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(TerminalDetailsSchema) },
      },
    },
    async (request) => ok(await terminals.details(request.auth!, request.query.id)),
  );

  app.get(
    `${BASE}/findTerminalStatus`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'Live status of one terminal in scope (404 otherwise)',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(TerminalLiveStatusSchema) },
      },
    },
    async (request) => {
      await terminals.assertVisible(request.auth!, request.query.id, 'id');
      return ok((await terminals.liveStatus(request.auth!, [request.query.id]))[0]!);
    },
  );

  app.get(
    `${BASE}/findTerminalStatusArray`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'Live status of several terminals (for polling visible rows); ids not in scope (e.g. removed) are left out',
        querystring: Type.Object({ ids: TerminalIdsSchema }),
        response: { 200: EnvelopeOf(Type.Array(TerminalLiveStatusSchema)) },
      },
    },
    async (request) =>
      ok(await terminals.liveStatus(request.auth!, parseTerminalIds(request.query.ids, 'ids'))),
  );

  app.get(
    '/a/api/terminalSet/getRltPrograms',
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'The programs published to a terminal, in play order',
        querystring: Type.Object({ terminalId: Id }),
        response: {
          200: EnvelopeOf(
            Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                revision: Type.Integer(),
                reviewState: Type.String(),
                sort: Type.Integer(),
                publishedAt: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await terminals.programs(request.auth!, request.query.terminalId)),
  );

  app.get(
    `${BASE}/screen`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'The latest screenshot of a terminal, or null ("refresh only": asks the terminal for nothing)',
        querystring: Type.Object({ terminalId: Id }),
        response: { 200: EnvelopeOf(Type.Union([TerminalScreenshotSchema, Type.Null()])) },
      },
    },
    async (request) => ok(await screenshots.latest(request.auth!, request.query.terminalId)),
  );

  app.get(
    `${BASE}/screenshots`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'Screenshot history of a terminal, newest first, paged',
        querystring: Type.Object({ terminalId: Id, ...PageQuery.properties }),
        response: { 200: EnvelopeOf(PageOf(TerminalScreenshotSchema)) },
      },
    },
    async (request) => {
      const { terminalId, pageNo = 1, pageSize = 10 } = request.query;
      return ok(await screenshots.history(request.auth!, terminalId, { pageNo, pageSize }));
    },
  );

  app.get(
    `${BASE}/screenshot/:id`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary: 'The image bytes of a screenshot of a terminal in scope (ETag, Range)',
        params: Type.Object({ id: Id }),
      },
    },
    async (request, reply) => {
      const shot = await screenshots.file(request.auth!, request.params.id);
      const ext = shot.mime.split('/')[1] ?? 'png';
      return serveStoredFile(request, reply, app.services.filesDir, {
        relPath: shot.path,
        contentType: shot.mime,
        fileName: `screenshot-${shot.terminalId}-${shot.id}.${ext}`,
        maxAgeSeconds: 3600,
      });
    },
  );
};

export default terminalRoutes;
