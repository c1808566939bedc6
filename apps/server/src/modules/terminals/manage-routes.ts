import { EnvelopeOf, TerminalGroupNodeSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { TerminalClaimService } from './claim-service.js';
import { TerminalGroupService } from './group-service.js';
import { Id, Nullable, TERMINAL_VIEWERS, TerminalIdsSchema } from './schemas.js';
import type { TerminalScreenshotService } from './screenshot-service.js';
import { parseTerminalIds } from './terminal-scope.js';

const tags = ['terminal'];
const BASE = '/a/api/terminal';

/** Groups, claiming, moving and removing terminals. */
const manageRoutes: FastifyPluginAsyncTypebox<{ screenshots: TerminalScreenshotService }> = async (
  app,
  { screenshots },
) => {
  const groups = new TerminalGroupService(app.db);
  const claims = new TerminalClaimService(app.db, app.services.terminalBus, screenshots);

  app.get(
    `${BASE}/groupTree`,
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags,
        summary:
          'Terminal groups of an office (or of every office in scope) as trees, with direct terminal counts',
        querystring: Type.Object({ officeId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(TerminalGroupNodeSchema)) },
      },
    },
    async (request) => ok(await groups.tree(request.auth!, request.query.officeId)),
  );

  app.post(
    `${BASE}/saveTerminalGroup`,
    {
      // Creating needs terminal:monitor:add and editing terminal:monitor:edit; the service checks which applies.
      config: { access: ['terminal:monitor:add', 'terminal:monitor:edit'] },
      schema: {
        tags,
        summary:
          'Creates (no id; in officeId, or under parentId) or renames/moves a group; 409 when a sibling has the name',
        body: Type.Object({
          id: Type.Optional(Id),
          officeId: Type.Optional(Id),
          parentId: Type.Optional(Nullable(Id)),
          name: Type.String({ maxLength: 1000 }),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const saved = await groups.save(request.auth!, request.body);
      request.log.info({ groupId: saved.id, created: request.body.id === undefined }, 'terminal group saved');
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/deleteTerminalGroup`,
    {
      config: { access: 'terminal:monitor:delete' },
      schema: {
        tags,
        summary: 'Deletes an empty group; 409 while it holds subgroups or terminals',
        body: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await groups.delete(request.auth!, request.body.id);
      request.log.info({ groupId: request.body.id }, 'terminal group deleted');
      return ok(null);
    },
  );

  app.post(
    `${BASE}/updateTerminalOffice`,
    {
      config: {
        access: ['terminal:monitor:add', 'terminal:monitor:edit'],
        // Pairing codes must not be guessed by trying.
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary:
          'Claims the pending terminal showing pairingCode into officeId (terminal:monitor:add), or moves/renames terminalIds (terminal:monitor:edit); 409 when a customer’s or agent’s terminal quota would be exceeded',
        body: Type.Object({
          pairingCode: Type.Optional(Type.String({ maxLength: 20 })),
          terminalIds: Type.Optional(TerminalIdsSchema),
          officeId: Type.Optional(Id),
          groupId: Type.Optional(Nullable(Id)),
          name: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
        response: { 200: EnvelopeOf(Type.Object({ terminalIds: Type.Array(Type.Integer()) })) },
      },
    },
    async (request) => {
      const { terminalIds, ...rest } = request.body;
      const done = await claims.update(request.auth!, {
        ...rest,
        terminalIds: parseTerminalIds(terminalIds),
      });
      request.log.info(
        { terminalIds: done.terminalIds, officeId: rest.officeId, claim: rest.pairingCode !== undefined },
        'terminals claimed or moved',
      );
      return ok(done);
    },
  );

  app.post(
    '/a/api/terminalSet/removeTerminals',
    {
      config: { access: 'terminal:monitor:delete' },
      schema: {
        tags,
        summary:
          'Removes terminals with their commands, screenshots and alarms; their channels close (they must register again)',
        body: Type.Object({ terminalIds: TerminalIdsSchema }),
        response: { 200: EnvelopeOf(Type.Object({ removed: Type.Integer() })) },
      },
    },
    async (request) => {
      const ids = parseTerminalIds(request.body.terminalIds);
      const done = await claims.remove(request.auth!, ids);
      request.log.info({ terminalIds: ids }, 'terminals removed');
      return ok(done);
    },
  );
};

export default manageRoutes;
