import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { maskParams } from '../lib/mask.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true`: record this route although it is a GET (the spec makes some writes GETs); such a GET is
     * also refused unless it proves it comes from our own pages (plugins/cross-site.ts);
     * `false`: never record it (tus chunks: their upload's creation is recorded instead).
     */
    audit?: boolean;
  }
  interface FastifyRequest {
    /** Set by sign-in routes: the user name the caller tried, for the audit record. */
    auditUsername?: string;
    /** Set by a successful sign-in: the id of the account signed in to. */
    auditUserId?: number;
  }
}

/** Methods that change state: recorded by the audit log and checked by the cross-site plugin. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Records every write call and every sign-in in the audit log: who, where, what, result, duration. */
export default fp(
  async function audit(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const flag = request.routeOptions.config?.audit;
      const writes = flag ?? WRITE_METHODS.has(request.method);
      if (!writes || !request.url.startsWith('/apm-web')) return;
      const route = request.routeOptions.url ?? request.url.split('?')[0]!;
      const body = maskParams(request.body);
      // Sign-in bodies carry the user name encrypted: record the name it decrypted to instead.
      if (body && request.auditUsername !== undefined && 'username' in body)
        body.username = request.auditUsername;
      const query = maskParams(request.query);
      const status = reply.statusCode;
      // A sign-in names the account it acts on; a session the caller still holds is someone else's.
      const actor = request.auditUsername === undefined ? request.auth : null;
      app.services.audit.record(
        {
          userId: actor?.userId ?? request.auditUserId ?? null,
          username: request.auditUsername ?? actor?.loginName ?? null,
          officeId: actor?.officeId ?? null,
          ip: request.ip,
          method: request.method,
          path: request.url.split('?')[0]!.slice(0, 500),
          action: route,
          params: body || query ? { ...(query ?? {}), ...(body ?? {}) } : null,
          status,
          code: status >= 400 ? status : 0,
          msg: status >= 400 ? (reply.apmErrorMsg ?? null) : null,
          durationMs: Math.round(reply.elapsedTime),
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          requestId: String(request.id),
        },
        (err) => request.log.error({ err }, 'audit write failed'),
      );
    });
  },
  { name: 'apm-audit', dependencies: ['apm-services'] },
);
