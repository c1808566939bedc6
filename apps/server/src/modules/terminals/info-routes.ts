import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { Type } from 'typebox';
import { abnormalAlarms } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { onlinePeriods } from './online-periods.js';
import { Id, Nullable, TERMINAL_VIEWERS } from './schemas.js';
import { terminalInScope } from './settings-state.js';

const DAY_MS = 86_400_000;
const Span = Type.Object({ from: Type.String(), to: Nullable(Type.String()) });

/** `GET /a/api/terminal/onlinePeriods`: a terminal's online and offline periods, from its offline alarms. */
const infoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/a/api/terminal/onlinePeriods',
    {
      config: { access: TERMINAL_VIEWERS },
      schema: {
        tags: ['terminal'],
        summary:
          'A terminal’s network address and online and offline periods over the last days (from its offline alarms: silent from when it was last heard until it came back), newest first',
        querystring: Type.Object({
          terminalId: Id,
          days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })),
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              terminalId: Type.Integer(),
              from: Type.String(),
              online: Type.Boolean(),
              onlineSince: Nullable(Type.String()),
              lastSeenAt: Nullable(Type.String()),
              /** The network address it registered from (as the server saw it). */
              networkAddress: Nullable(Type.String()),
              onlinePeriods: Type.Array(Span),
              offlinePeriods: Type.Array(Span),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { terminalId, days = 7 } = request.query;
      const row = await terminalInScope(app.db, request.auth!, terminalId);
      const now = new Date();
      const start = row.claimedAt ?? row.createdAt;
      const since = new Date(Math.max(now.getTime() - days * DAY_MS, start.getTime()));
      const alarms = await app.db
        .select({
          raisedAt: abnormalAlarms.raisedAt,
          endedAt: abnormalAlarms.endedAt,
          detail: abnormalAlarms.detail,
        })
        .from(abnormalAlarms)
        .where(
          and(
            eq(abnormalAlarms.terminalId, terminalId),
            eq(abnormalAlarms.type, 'offline'),
            or(isNull(abnormalAlarms.endedAt), gte(abnormalAlarms.endedAt, since)),
          ),
        )
        .orderBy(desc(abnormalAlarms.raisedAt))
        .limit(1000);
      const offline = alarms.map((a) => {
        const heard = typeof a.detail?.lastSeenAt === 'string' ? new Date(a.detail.lastSeenAt) : null;
        const from = heard && !Number.isNaN(heard.getTime()) && heard < a.raisedAt ? heard : a.raisedAt;
        return { from, to: a.endedAt };
      });
      const [live] = await app.services.terminalPresence.live([terminalId]);
      const online = live?.online ?? false;
      return ok({
        terminalId,
        from: since.toISOString(),
        online,
        onlineSince: row.onlineSince?.toISOString() ?? null,
        lastSeenAt: live?.lastSeenAt ?? row.lastSeenAt?.toISOString() ?? null,
        networkAddress: row.registerIp,
        onlinePeriods: onlinePeriods(since, now, offline, online),
        offlinePeriods: offline.map((s) => ({
          from: (s.from < since ? since : s.from).toISOString(),
          to: s.to?.toISOString() ?? null,
        })),
      });
    },
  );
};

export default infoRoutes;
