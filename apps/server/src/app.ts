import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { API_BASE, APP_VERSION, TERMINAL_MAX_FRAME_BYTES } from '@apm/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { maskUrl } from './lib/mask.js';
import { AppError } from './lib/errors.js';
import { sharedSerializerFactory, strictValidatorFactory } from './lib/validation/schema-compilers.js';
import announcementRoutes from './modules/announcements/routes.js';
import authRoutes from './modules/auth/routes.js';
import commonRoutes from './modules/common/routes.js';
import customerRoutes from './modules/customers/routes.js';
import menuRoutes from './modules/menus/routes.js';
import notificationRoutes from './modules/notifications/routes.js';
import settingRoutes from './modules/settings/routes.js';
import userAdminRoutes from './modules/users/admin-routes.js';
import userRoutes from './modules/users/routes.js';
import accountRoutes from './modules/account/routes.js';
import dictionaryRoutes from './modules/dictionary/routes.js';
import faqRoutes from './modules/faq/routes.js';
import logsRoutes from './modules/logs/routes.js';
import menuAdminRoutes from './modules/menus/admin-routes.js';
import notificationAdminRoutes from './modules/notifications/admin-routes.js';
import officesRoutes from './modules/offices/routes.js';
import registrationRoutes from './modules/registration/routes.js';
import rolesRoutes from './modules/roles/routes.js';
import materialRoutes from './modules/materials/routes.js';
import materialProcessingRoutes from './modules/materials/processing/routes.js';
import materialUploadRoutes from './modules/materials/upload/routes.js';
import programRoutes from './modules/programs/routes.js';
import planRoutes from './modules/plans/routes.js';
import messageRoutes from './modules/messages/routes.js';
import reviewCentreRoutes from './modules/review/routes.js';
import weatherRoutes from './modules/weather/routes.js';
import healthRoutes from './modules/health/routes.js';
import { InstanceLifecycle } from './modules/health/lifecycle.js';
import auditPlugin from './plugins/audit.js';
import authPlugin from './plugins/auth.js';
import crossSitePlugin from './plugins/cross-site.js';
import errorsPlugin from './plugins/errors.js';
import inputPlugin from './plugins/input.js';
import securityHeaders from './plugins/security-headers.js';
import servicesPlugin from './plugins/services.js';
import staticPlugin from './plugins/static.js';
import { startTerminalServices, stopTerminalServices } from './terminal/lifecycle.js';
import terminalRoutes from './terminal/routes.js';
import terminalConsoleRoutes from './modules/terminals/routes.js';
import alarmRoutes from './modules/alarms/routes.js';
import strategyRoutes from './modules/strategies/routes.js';
import syncGroupRoutes from './modules/sync-groups/routes.js';
import purchaseRoutes from './modules/purchase/routes.js';
import paymentRoutes from './modules/payments/routes.js';
import customerCenterRoutes from './modules/customer-center/routes.js';
import widgetRoutes from './modules/widgets/routes.js';
import statisticsRoutes from './modules/statistics/routes.js';
import terminalMapRoutes from './modules/terminal-map/routes.js';
import terminalDebugRoutes from './modules/terminal-debug/routes.js';
import homeRoutes from './modules/home/routes.js';

// Re-exported so that the declarations of this module carry the FastifyInstance augmentations (`services`,
// `lifecycle`) to the projects that type-check against the server's declarations (bench).
export type { Services } from './plugins/services.js';
export type { InstanceLifecycle } from './modules/health/lifecycle.js';

/** What the app is built from. */
export interface BuildOptions {
  config: AppConfig;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Called with every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Maximum request body for API calls (uploads get their own limits). */
export const BODY_LIMIT = 1024 * 1024;

/** Request log lines carry the URL with secret query values (a password on a GET) masked. */
function withMaskedUrls(logger: BuildOptions['logger']): BuildOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      ...(options as { serializers?: object }).serializers,
    },
  };
}

/** Builds the Fastify app from its plugins: services, auth, cross-site check, audit, errors, docs, API routes, static files. */
export async function buildApp({ config, db, logger = false, onRoute }: BuildOptions) {
  const app = Fastify({
    logger: withMaskedUrls(logger),
    bodyLimit: BODY_LIMIT,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { allErrors: true } },
    schemaController: {
      compilersFactory: {
        buildValidator: strictValidatorFactory(),
        buildSerializer: sharedSerializerFactory(),
      },
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  // First, so that every answer (including 401s, 404s and static files) carries the headers.
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(inputPlugin);
  await app.register(servicesPlugin, { db, config });
  // Serving or draining: the readiness route reads it, a graceful stop (server.ts) sets it.
  app.decorate('lifecycle', new InstanceLifecycle());
  // After the services (which open the Redis connection): with Redis, limits count across instances.
  const { cluster } = app.services;
  await app.register(rateLimit, {
    global: false,
    ...(cluster.redis && { redis: cluster.redis, nameSpace: cluster.key('rate-limit:') }),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} s`, 'rateLimited'),
  });
  // Write-only secrets stored in plain text before encryption at rest are sealed on start.
  app.addHook('onReady', async () => {
    const unreadable = await app.services.settings.sealPlainSecrets();
    if (unreadable.length)
      app.log.error(
        { settings: unreadable },
        'secret settings cannot be decrypted: wrong APM_SECRET_KEY or secret.key',
      );
  });
  // Leadership is settled before the services below start, and released after they stopped (onClose runs last first).
  app.addHook('onReady', async () => app.services.leader.start(app.log));
  app.addHook('onClose', async () => {
    await app.services.leader.stop();
    await app.services.clusterLocks.close();
  });
  // Material processing runs in the background while the app is up; stopping kills its child processes.
  app.addHook('onReady', async () => app.services.materialJobs.start(app.log));
  app.addHook('onClose', async () => app.services.materialJobs.stop());
  // Terminal presence, command state and play events are buffered in memory and flushed on close.
  app.addHook('onReady', async () => startTerminalServices(app.services, app.log));
  app.addHook('onClose', async () => {
    await stopTerminalServices(app.services);
    // Last: what stops before it may still write to Redis (presence, the bus).
    await app.services.cluster.close();
  });
  // Bigger channel frames close the connection with 1009.
  await app.register(websocket, { options: { maxPayload: TERMINAL_MAX_FRAME_BYTES } });
  await app.register(authPlugin, { publicDocs: config.publicDocs });
  await app.register(crossSitePlugin);
  await app.register(auditPlugin);
  await app.register(errorsPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'APM API',
        version: APP_VERSION,
        description: 'Console API of the APM signage platform',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'Authorization' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });

  await app.register(
    async (api) => {
      await api.register(commonRoutes);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(userAdminRoutes);
      await api.register(menuRoutes);
      await api.register(settingRoutes);
      await api.register(customerRoutes);
      await api.register(notificationRoutes);
      await api.register(announcementRoutes);
      await api.register(rolesRoutes);
      await api.register(officesRoutes);
      await api.register(logsRoutes);
      await api.register(menuAdminRoutes);
      await api.register(notificationAdminRoutes);
      await api.register(dictionaryRoutes);
      await api.register(faqRoutes);
      await api.register(accountRoutes);
      await api.register(registrationRoutes);
      await api.register(materialRoutes);
      await api.register(materialProcessingRoutes);
      await api.register(materialUploadRoutes);
      await api.register(programRoutes);
      await api.register(planRoutes);
      await api.register(messageRoutes);
      await api.register(reviewCentreRoutes);
      await api.register(weatherRoutes);
      await api.register(terminalRoutes);
      await api.register(terminalConsoleRoutes);
      await api.register(alarmRoutes);
      await api.register(strategyRoutes);
      await api.register(syncGroupRoutes);
      await api.register(purchaseRoutes);
      await api.register(paymentRoutes);
      await api.register(customerCenterRoutes);
      await api.register(widgetRoutes);
      await api.register(statisticsRoutes);
      await api.register(terminalMapRoutes);
      await api.register(terminalDebugRoutes);
      await api.register(homeRoutes);
    },
    { prefix: API_BASE },
  );

  await app.register(staticPlugin, { webDir: config.webDir, playerDir: config.playerDir });
  return app;
}

/** The app type, for tests and modules that need it. */
export type App = Awaited<ReturnType<typeof buildApp>>;
