import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { AUTO_SCAN_LIMIT, TerminalScanService } from './scan-service.js';
import { Id, Nullable } from './schemas.js';

const ScannedTerminalSchema = Type.Object({
  id: Type.Integer(),
  deviceId: Type.String(),
  name: Type.String(),
  platform: Type.String(),
  appVersion: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
  registeredAt: Type.String(),
  online: Type.Boolean(),
});

const ScannedTerminalInfoSchema = Type.Object({
  ...ScannedTerminalSchema.properties,
  pairingCode: Nullable(Type.String()),
});

/**
 * Auto scan (`/a/api/terminalSet/autoScanTerminal`, `getAutoScanTerminalInfo`): pending terminals
 * registered from the caller's network address in the last day. Only operators who may claim
 * terminals (`terminal:monitor:add`) scan, since the answer leads to the pairing code.
 */
const scanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const presence = app.services.terminalPresence;
  const scans = new TerminalScanService(
    app.db,
    async (ids) => new Set((await presence.liveStatus(ids)).filter((l) => l.online).map((l) => l.id)),
  );

  app.post(
    '/a/api/terminalSet/autoScanTerminal',
    {
      config: { access: 'terminal:monitor:add' },
      schema: {
        tags: ['terminal'],
        summary: `Pending terminals registered from the caller’s network address in the last 24 hours, newest first (at most ${AUTO_SCAN_LIMIT})`,
        response: { 200: EnvelopeOf(Type.Array(ScannedTerminalSchema)) },
      },
    },
    async (request) => ok(await scans.scan(request.ip)),
  );

  app.get(
    '/a/api/terminalSet/getAutoScanTerminalInfo',
    {
      config: { access: 'terminal:monitor:add' },
      schema: {
        tags: ['terminal'],
        summary:
          'One terminal auto scan finds, with its pairing code to claim it; 404 naming terminalId when it is claimed, older or from another address',
        querystring: Type.Object({ terminalId: Id }),
        response: { 200: EnvelopeOf(ScannedTerminalInfoSchema) },
      },
    },
    async (request) => ok(await scans.info(request.ip, request.query.terminalId)),
  );
};

export default scanRoutes;
