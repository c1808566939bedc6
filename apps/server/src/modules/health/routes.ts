import { EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { checkHealth, singleFlight } from './checks.js';

/** Longest a health check waits for a dependency; under a balancer's usual check time-out (HAProxy: 5 s). */
export const HEALTH_TIMEOUT_MS = 2000;

const tags = ['health'];

const Check = Type.Object({
  ok: Type.Boolean(),
  ms: Type.Union([Type.Number(), Type.Null()]),
  error: Type.Optional(Type.String()),
});

const HealthSchema = Type.Object({
  ok: Type.Boolean(),
  instanceId: Type.String(),
  draining: Type.Boolean(),
  database: Check,
  redis: Type.Union([Check, Type.Null()]),
  bus: Check,
  down: Type.Array(Type.String()),
});

const ReadySchema = Type.Object({ ready: Type.Boolean(), instanceId: Type.String() });

/**
 * The load balancer's and the monitors' calls, open and cheap: not audited, not rate-limited, logged only
 * when they fail (a balancer polls every few seconds).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { cluster, terminalBus } = app.services;
  const lifecycle = app.lifecycle;
  const report = singleFlight(() =>
    checkHealth(
      {
        instanceId: cluster.instanceId,
        draining: () => lifecycle.draining,
        database: () => app.db.execute(sql`select 1`),
        redis: cluster.redis ? () => cluster.redis!.ping() : null,
        busRoundTripMs: () => terminalBus.roundTripMs(),
      },
      HEALTH_TIMEOUT_MS,
    ),
  );

  app.get(
    '/f/common/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          'Health of this instance: database (select 1), Redis (PING; null when alone) and terminal bus lag, in ms; 503 naming what is down',
        response: { 200: EnvelopeOf(HealthSchema), 503: EnvelopeOf(HealthSchema) },
      },
    },
    async (request, reply) => {
      const health = await report();
      if (health.ok) return ok(health, 'Healthy');
      request.log.warn({ health }, `health check failed: ${health.down.join(', ')} down`);
      return reply.status(503).send({
        code: 503,
        msg: `Unavailable: ${health.down.join(', ')} down`,
        data: health,
        jsonObject: { reason: 'unhealthy', down: health.down },
      });
    },
  );

  app.get(
    '/f/common/ready',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          'Readiness for a load balancer: 200 while this instance takes traffic, 503 once it drains (shutting down)',
        response: { 200: EnvelopeOf(ReadySchema), 503: EnvelopeOf(ReadySchema) },
      },
    },
    async (_request, reply) => {
      const data = { ready: !lifecycle.draining, instanceId: cluster.instanceId };
      if (data.ready) return ok(data, 'Ready');
      return reply.status(503).send({
        code: 503,
        msg: 'Draining: this instance is shutting down',
        data,
        jsonObject: { reason: 'draining' },
      });
    },
  );
};

export default healthRoutes;
