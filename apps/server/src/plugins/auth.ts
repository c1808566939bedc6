import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findPermission, splitPermission } from '@apm/contract';
import { forbidden, unauthorized } from '../lib/errors.js';
import { SESSION_TTL_MS, type AuthContext } from '../modules/auth/session-service.js';

/** A permission string `<id>:<operation>`. */
export type PermissionString = `${string}:${string}`;

/** Who may call a route: anyone, any signed-in user, holders of a permission, or of any one of several. */
export type Access = 'public' | 'session' | PermissionString | readonly PermissionString[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every API route. */
    access?: Access;
    /** The route stays usable while the password has expired (password change, sign-out, user info). */
    allowPwdPastDue?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller, when the request carries a valid session. */
    auth: AuthContext | null;
  }
}

/** Name of the session cookie (spec section 4). */
export const SESSION_COOKIE = 'Authorization';

/** Reads the session token from the `Authorization` cookie or header (`Bearer <token>`). */
export function readToken(request: FastifyRequest): string | null {
  const raw = request.cookies?.[SESSION_COOKIE] ?? request.headers.authorization;
  if (!raw) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(raw.trim());
  return match ? match[1]! : null;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, 2 hours. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, `Bearer ${token}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** Clears the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Answers whether the caller holds a permission string. */
export function hasPermission(auth: AuthContext, permission: string): boolean {
  return auth.permissions.has(permission);
}

/** Options of the auth plugin. */
export interface AuthOptions {
  /** `/apm-web/docs` is open to everyone; otherwise it needs a session. */
  publicDocs?: boolean;
}

/**
 * Resolves the session of every API request and enforces each route's declared `access`;
 * a route without one cannot even be registered.
 */
export default fp(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/apm-web') || route.config?.access) return;
      // The OpenAPI document and UI (registered by @fastify/swagger-ui, with no access of their own).
      if (route.url.startsWith('/apm-web/docs')) {
        route.config = { ...route.config, access: options.publicDocs ? 'public' : 'session' };
        return;
      }
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    });

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      const token = readToken(request);
      if (token) {
        request.auth = await app.services.sessions.resolve(token);
        if (request.auth) setSessionCookie(reply, token, request.protocol === 'https');
      }
      if (access === 'public') return;
      if (!request.auth) {
        if (token) clearSessionCookie(reply);
        throw unauthorized('logout', undefined, { loginExpired: Boolean(token) });
      }
      if (request.auth.pwdPastDue && !request.routeOptions.config.allowPwdPastDue) {
        throw forbidden('Your password has expired; change it to continue', 'pwdPastDue');
      }
      const needed = access === 'session' ? [] : typeof access === 'string' ? [access] : access;
      if (needed.length > 0 && !needed.some((p) => hasPermission(request.auth!, p))) {
        const { id, operation } = splitPermission(needed[0]!);
        const name = findPermission(id)?.name ?? id;
        throw forbidden('Request denied', 'noPermission', {
          permission: needed[0],
          permissionName: `${name}: ${operation}`,
        });
      }
    });
  },
  { name: 'apm-auth', dependencies: ['apm-services'] },
);
