import { EnvelopeOf, TERMINAL_HEALTH, TerminalLiveStatusSchema, TerminalStatusSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import { intArray } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { Nullable, TERMINAL_VIEWERS } from './schemas.js';
import { parseTerminalIds, terminalScope } from './terminal-scope.js';

/** Most terminals one real-time monitor call may watch (a page of the monitor wall). */
export const MAX_MONITOR_IDS = 500;

const Status = TerminalStatusSchema.properties;

/** One terminal as the real-time monitor shows it: all from live presence, none from the table. */
export const MonitorRowSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  state: Type.Enum(['pending', 'claimed']),
  online: Type.Boolean(),
  /** Graded: online, late (a heartbeat missed) or offline. */
  health: Type.Enum([...TERMINAL_HEALTH]),
  lastSeenAt: Nullable(Type.String()),
  playing: Nullable(Status.playing),
  volume: Nullable(Type.Integer()),
  disk: Nullable(Type.Object({ free: Type.Number(), total: Type.Number() })),
  appVersion: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
  /** The terminal's clock minus the server's when its last heartbeat arrived, in ms. */
  clockSkewMs: Nullable(Type.Number()),
  /** Materials of the manifest in the cache, of how many (last heartbeat). */
  cache: Nullable(Type.Object({ done: Type.Integer(), total: Type.Integer() })),
  /** Downloads under way or failed, as last reported (complete ones are left out). */
  downloads: TerminalLiveStatusSchema.properties.downloads,
});
export type MonitorRow = Static<typeof MonitorRowSchema>;

/**
 * The real-time monitor of terminals in scope, in the order asked: every live field comes from
 * the in-memory presence, so a page of the wall costs one small query (names and scope).
 * 400 naming `terminalIds` on ids that are not numbers or too many; 404 naming the ones out of scope.
 */
export async function monitorTerminals(
  db: Database,
  presence: Pick<TerminalPresence, 'live'>,
  auth: AuthContext,
  raw: string,
): Promise<MonitorRow[]> {
  const ids = parseTerminalIds(raw, 'terminalIds');
  if (!ids.length) throw fieldError(400, 'terminalIds', 'terminalIds must name at least one terminal');
  if (ids.length > MAX_MONITOR_IDS) {
    throw fieldError(400, 'terminalIds', `terminalIds may name at most ${MAX_MONITOR_IDS} terminals`);
  }
  const rows = await db
    .select({ id: terminals.id, name: terminals.name, state: terminals.state })
    .from(terminals)
    .where(and(sql`${terminals.id} = any(${intArray(ids)})`, await terminalScope(db, auth)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    const shown = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ', …' : '');
    const msg = `terminalIds: no terminal ${shown} in your scope`;
    throw new AppError(404, msg, 'notFound', { fields: { terminalIds: msg } });
  }
  return (await presence.live(ids)).map((live) => {
    const row = byId.get(live.id)!;
    const status = live.status;
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      online: live.online,
      health: live.health ?? (live.online ? 'online' : 'offline'),
      lastSeenAt: live.lastSeenAt,
      playing: status?.playing ?? null,
      volume: status?.volume ?? null,
      disk: status?.disk ?? null,
      appVersion: status?.appVersion ?? null,
      resolution: status?.resolution ?? null,
      clockSkewMs: status ? live.clockSkewMs : null,
      cache: status?.downloads ?? null,
      downloads: live.downloads.filter((d) => d.error !== undefined || d.received < d.total),
    };
  });
}

/** `GET /a/api/terminalSet/getRltMonitor`: the real-time monitor of up to 500 terminals. */
const monitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/a/api/terminalSet/getRltMonitor',
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags: ['terminal'],
        summary: `Real-time monitor of terminals in scope from live presence (at most ${MAX_MONITOR_IDS}; 404 naming ids out of scope)`,
        querystring: Type.Object({
          terminalIds: Type.String({
            maxLength: MAX_MONITOR_IDS * 11,
            description: 'Comma-joined terminal ids, e.g. "1,2,3"',
          }),
        }),
        response: { 200: EnvelopeOf(Type.Array(MonitorRowSchema)) },
      },
    },
    async (request) =>
      ok(
        await monitorTerminals(
          app.db,
          app.services.terminalPresence,
          request.auth!,
          request.query.terminalIds,
        ),
      ),
  );
};

export default monitorRoutes;
