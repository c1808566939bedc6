import {
  EnvelopeOf,
  PageOf,
  SyncGroupDetailSchema,
  SyncGroupIdBodySchema,
  SyncGroupIdsBodySchema,
  SyncGroupListQuerySchema,
  SyncGroupSaveBodySchema,
  SyncGroupSummarySchema,
  SyncProgramQuerySchema,
  SyncProgramSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import type { Access } from '../../plugins/auth.js';
import { SyncGroupService } from './sync-group-service.js';
import { pageSyncPrograms } from './sync-programs.js';

const tags = ['syncGroup'];
const BASE = '/a/api/syncGroup';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Who reads sync groups and their members' live state. */
const SYNC_VIEWERS: Access = 'terminal:sync:view';
/** Who creates, changes, restarts and deletes sync groups. */
const SYNC_EDITORS: Access = 'terminal:sync:edit';

/**
 * Synchronized playback (`/a/api/syncGroup/...`): groups of terminals playing one program in
 * lockstep, as a mirror (every member the whole canvas) or a wall (each member its tile). Members
 * learn of every change through their manifest's `sync`.
 */
const syncGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new SyncGroupService(
    app.db,
    app.services.terminalPresence,
    app.services.programManifest,
    app.services.terminalBus,
  );

  app.get(
    `${BASE}/list`,
    {
      config: { access: SYNC_VIEWERS },
      schema: {
        tags,
        summary:
          'Sync groups of the caller’s data range, filtered by group or program name (keyword) and mode, sorted and paged on the server, with member and online counts',
        querystring: SyncGroupListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(SyncGroupSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await service.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/syncGroupDetail`,
    {
      config: { access: SYNC_VIEWERS },
      schema: {
        tags,
        summary:
          'One sync group with its members, their tiles and live state (online, health, clock skew and the terminal’s own clock offset); 404 outside the caller’s range',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(SyncGroupDetailSchema) },
      },
    },
    async (request) => ok(await service.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/saveSyncGroup`,
    {
      config: { access: SYNC_EDITORS },
      schema: {
        tags,
        summary:
          'Creates (no id) or updates a sync group. The program must be approved, in your range and have fixed-duration main scenes (400 naming programId otherwise); ' +
          'a mirror has at least 2 members; a wall needs columns and rows (1–16) and every member on its own tile (400 naming members.N.column); ' +
          'members are claimed terminals of your range (404 naming members.N.terminalId) in no other group (409 naming the terminal). ' +
          'A change of program, mode, grid or members restarts the loop; every member, old and new, is told to fetch its manifest.',
        body: SyncGroupSaveBodySchema,
        response: { 200: EnvelopeOf(SyncGroupDetailSchema) },
      },
    },
    async (request) => ok(await service.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/restartSyncGroup`,
    {
      config: { access: SYNC_EDITORS },
      schema: {
        tags,
        summary: 'Starts the group’s loop again for every member at once (a new epoch, the server’s now)',
        body: SyncGroupIdBodySchema,
        response: { 200: EnvelopeOf(SyncGroupDetailSchema) },
      },
    },
    async (request) => ok(await service.restart(request.auth!, request.body.id)),
  );

  app.post(
    `${BASE}/deleteSyncGroup`,
    {
      config: { access: SYNC_EDITORS },
      schema: {
        tags,
        summary:
          'Deletes sync groups, all or nothing (404 naming ids outside your range); their members go back to what is published to them',
        body: SyncGroupIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await service.remove(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/programSelect`,
    {
      config: { access: SYNC_EDITORS },
      schema: {
        tags,
        summary:
          'Approved programs of the caller’s range a group may play, by name, paged; `syncable` is false when a main scene waits for a touch',
        querystring: SyncProgramQuerySchema,
        response: { 200: EnvelopeOf(PageOf(SyncProgramSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, keyword } = request.query;
      return ok(await pageSyncPrograms(app.db, request.auth!, { pageNo, pageSize, keyword }));
    },
  );
};

export default syncGroupRoutes;
