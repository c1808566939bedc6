import { heartbeatSecondsFor } from '@apm/contract';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClusterContext, type ClusterContext } from '../cluster/cluster.js';
import { AdvisoryLocks } from '../cluster/advisory-locks.js';
import { LeaderElection } from '../cluster/leader.js';
import { createSharedStore } from '../cluster/shared-store.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { AnnouncementService } from '../modules/announcements/service.js';
import { AuditService } from '../modules/audit/service.js';
import { LandingKey } from '../modules/auth/landing-key.js';
import { LoginGuard } from '../modules/auth/login-guard.js';
import { LoginService } from '../modules/auth/login-service.js';
import { SessionService } from '../modules/auth/session-service.js';
import { VerificationCodes } from '../modules/auth/verification-codes.js';
import { BrandService } from '../modules/customers/brand-service.js';
import { MenuService } from '../modules/menus/service.js';
import { NotificationService } from '../modules/notifications/service.js';
import { AlarmNotifier } from '../modules/alarms/alarm-notifier.js';
import { ConfiguredNotifier } from '../modules/notify/configured-notifier.js';
import { OutboxNotifier, type Notifier } from '../modules/notify/outbox.js';
import { SettingsService } from '../modules/settings/service.js';
import { loadSecretBox } from '../lib/secret-box.js';
import { InitService } from '../modules/system/init-service.js';
import { UserAdminService } from '../modules/users/user-admin-service.js';
import { UserInfoService } from '../modules/users/user-info-service.js';
import { AccountService } from '../modules/account/service.js';
import { CustomerService } from '../modules/customers/customer-service.js';
import { DictionaryService } from '../modules/dictionary/service.js';
import { FaqService } from '../modules/faq/service.js';
import { LogService } from '../modules/logs/service.js';
import { OfficeService } from '../modules/offices/service.js';
import { RegistrationService } from '../modules/registration/service.js';
import { RoleService } from '../modules/roles/service.js';
import { FilesDir } from '../modules/materials/files-dir.js';
import { MaterialFolderService } from '../modules/materials/folder-service.js';
import { MaterialService } from '../modules/materials/material-service.js';
import { MaterialReviewService } from '../modules/materials/review/review-service.js';
import { MaterialJobQueue } from '../modules/materials/processing/queue.js';
import { StorageCapacityService } from '../modules/materials/storage-capacity.js';
import { MaterialUploadService } from '../modules/materials/upload/upload-service.js';
import { InProcessTerminalBus, type TerminalBus } from '../terminal/bus.js';
import { PresenceDirectory } from '../terminal/presence-directory.js';
import { RedisTerminalBus } from '../terminal/redis-bus.js';
import { TerminalCommandService } from '../terminal/commands.js';
import { TerminalDeviceService } from '../terminal/device-service.js';
import { TerminalGateway } from '../terminal/gateway.js';
import { HeadCountSink } from '../terminal/head-counts.js';
import { PlayEventSink } from '../terminal/play-events.js';
import { OnlineRollup } from '../terminal/online-rollup.js';
import { PlayRetention } from '../terminal/play-retention.js';
import { TerminalPresence } from '../terminal/presence.js';
import { TerminalScreenshotStore } from '../terminal/screenshots.js';
import { ProgramManifestService } from '../modules/programs/manifest-service.js';
import { announceProcessedFile } from '../modules/programs/file-announce.js';
import { createProgramServices } from '../modules/programs/services.js';
import { createPlanServices } from '../modules/plans/services.js';
import { createMessageServices } from '../modules/messages/services.js';
import { WeatherService } from '../modules/weather/weather-service.js';

/** Every service of the app, built once per app instance. */
export interface Services {
  /** This instance among others: its id and the Redis connection of the scale-out mode (null when alone). */
  cluster: ClusterContext;
  /** Whether this instance runs the cluster's singletons (always, without `DATABASE_URL`); started with the app. */
  leader: LeaderElection;
  /** Named locks across instances (PostgreSQL advisory locks; in-process on PGlite): uploads, capacity. */
  clusterLocks: AdvisoryLocks;
  settings: SettingsService;
  landingKey: LandingKey;
  sessions: SessionService;
  loginGuard: LoginGuard;
  codes: VerificationCodes;
  notifier: Notifier;
  /** Sends newly raised alarms by the alarm centre's notification rules (e-mail, webhook). */
  alarmNotifier: AlarmNotifier;
  login: LoginService;
  init: InitService;
  userInfo: UserInfoService;
  userAdmin: UserAdminService;
  menus: MenuService;
  brands: BrandService;
  audit: AuditService;
  notifications: NotificationService;
  announcements: AnnouncementService;
  roles: RoleService;
  offices: OfficeService;
  customers: CustomerService;
  logs: LogService;
  dictionary: DictionaryService;
  faq: FaqService;
  account: AccountService;
  registration: RegistrationService;
  /** Where material bytes live (`<dataDir>/files`). */
  filesDir: FilesDir;
  /** The material library: list, details, rename, move, delete, share, publishability. */
  materials: MaterialService;
  /** Folders of the material library. */
  materialFolders: MaterialFolderService;
  /** Material review: approve or reject waiting materials. */
  materialReview: MaterialReviewService;
  /** Processing of stored material files (thumbnails, probing, transcoding, page images). */
  materialJobs: MaterialJobQueue;
  /** Storage usage, quotas and the upload limit of a tenant. */
  storageCapacity: StorageCapacityService;
  /** Material uploads: checks before bytes, finish into stored files, instant upload. */
  materialUploads: MaterialUploadService;
  /** Delivers messages to terminals wherever they are connected (in-process by default). */
  terminalBus: TerminalBus;
  /** Terminal registration and device-token authentication. */
  terminalDevices: TerminalDeviceService;
  /** Live presence of terminals (in memory, flushed in batches; offline sweep and alarms). */
  terminalPresence: TerminalPresence;
  /** Commands to terminals with delivery state (`send`, `flush`). */
  terminalCommands: TerminalCommandService;
  /** Proof-of-play events from the channel, batch-inserted. */
  terminalPlayEvents: PlayEventSink;
  terminalHeadCounts: HeadCountSink;
  /** Once for the cluster: rolls online periods up for the statistics. */
  onlineRollup: OnlineRollup;
  playRetention: PlayRetention;
  /** The terminal channel of this instance (holds the sockets, delivers what the bus publishes). */
  terminalGateway: TerminalGateway;
  /** Screenshots uploaded by terminals. */
  terminalScreenshots: TerminalScreenshotStore;
  /** What each terminal must play: its manifest and the manifest's version (programs module). */
  programManifest: ProgramManifestService;
  /** Programs, their review and publishing (programs module). */
  programs: ReturnType<typeof createProgramServices>['programs'];
  programReview: ReturnType<typeof createProgramServices>['programReview'];
  publish: ReturnType<typeof createProgramServices>['publish'];
  programTemplates: ReturnType<typeof createProgramServices>['programTemplates'];
  /** Play plans, their review, publishing and timelines (plans module). */
  plans: ReturnType<typeof createPlanServices>['plans'];
  planReview: ReturnType<typeof createPlanServices>['planReview'];
  planPublish: ReturnType<typeof createPlanServices>['planPublish'];
  timelines: ReturnType<typeof createPlanServices>['timelines'];
  /** Messages, their delivery to terminals and their review (messages module). */
  messages: ReturnType<typeof createMessageServices>['messages'];
  messageDelivery: ReturnType<typeof createMessageServices>['messageDelivery'];
  messageReview: ReturnType<typeof createMessageServices>['messageReview'];
  messageWebhooks: ReturnType<typeof createMessageServices>['messageWebhooks'];
  /** Current weather by city (Open-Meteo), cached. */
  weather: WeatherService;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    services: Services;
  }
}

/** Builds the services from the database and configuration. */
export function createServices(db: Database, config: AppConfig): Services {
  const cluster = createClusterContext(config);
  const clusterLocks = new AdvisoryLocks(config);
  const secretBox = loadSecretBox(config.dataDir, config.secretKey);
  const settings = new SettingsService(db, secretBox);
  const landingKey = new LandingKey(settings);
  const sessions = new SessionService(db);
  // A store each: a flood of one (failed sign-ins, captchas) cannot evict the other's entries when alone.
  const loginGuard = new LoginGuard(createSharedStore(cluster));
  const codes = new VerificationCodes(createSharedStore(cluster));
  const outbox = new OutboxNotifier(path.join(config.dataDir, 'outbox'));
  const notifier: Notifier = new ConfiguredNotifier(settings, outbox, config.smtpUrl);
  const menus = new MenuService(db);
  const notifications = new NotificationService(db);
  const brands = new BrandService(settings, db);
  const filesDir = new FilesDir(config.dataDir);
  const materialFolders = new MaterialFolderService(db);
  const storageCapacity = new StorageCapacityService(db, settings);
  const materialJobs = new MaterialJobQueue(db, filesDir, config.tools);
  const leader = new LeaderElection(config);
  const terminal = createTerminalServices(db, config, settings, filesDir, cluster, leader);
  const programServices = createProgramServices(db, settings, terminal, notifications);
  const planServices = createPlanServices(db, settings, terminal, notifications, config.timeZone);
  const messageServices = createMessageServices(db, settings, terminal, notifications, secretBox);
  // A finished conversion changes the manifests that use the file: their terminals fetch again.
  materialJobs.onProcessed((fileId) =>
    announceProcessedFile(db, terminal.programManifest, terminal.terminalBus, fileId),
  );
  return {
    cluster,
    leader,
    clusterLocks,
    settings,
    landingKey,
    sessions,
    loginGuard,
    codes,
    notifier,
    alarmNotifier: new AlarmNotifier(db, notifier),
    login: new LoginService(db, settings, landingKey, loginGuard, codes, sessions, notifier),
    init: new InitService(db, settings, notifications),
    userInfo: new UserInfoService(db, menus, brands),
    userAdmin: new UserAdminService(db, landingKey, sessions, settings),
    menus,
    brands,
    audit: new AuditService(db),
    notifications,
    announcements: new AnnouncementService(db),
    roles: new RoleService(db),
    offices: new OfficeService(db, config.timeZone),
    customers: new CustomerService(db, settings),
    logs: new LogService(db),
    dictionary: new DictionaryService(db),
    faq: new FaqService(db),
    account: new AccountService(db, settings, landingKey, codes, notifier, config.dataDir),
    registration: new RegistrationService(db, settings, brands, landingKey, codes, notifier),
    filesDir,
    materials: new MaterialService(db, filesDir, materialFolders, materialJobs),
    materialFolders,
    materialReview: new MaterialReviewService(db),
    materialJobs,
    storageCapacity,
    materialUploads: new MaterialUploadService(db, settings, storageCapacity, filesDir, clusterLocks),
    ...terminal,
    ...programServices,
    ...planServices,
    ...messageServices,
    weather: new WeatherService(config.weather),
  };
}

/** The terminal gateway's services around one bus (the manifest service answers welcome versions). */
function createTerminalServices(
  db: Database,
  config: AppConfig,
  settings: SettingsService,
  filesDir: FilesDir,
  cluster: ClusterContext,
  leader: LeaderElection,
) {
  // Scale-out mode: the bus and live presence go through Redis; alone, they stay in this process.
  const subscriber = cluster.redis ? cluster.connect('bus') : null;
  const terminalBus: TerminalBus =
    cluster.redis && subscriber
      ? new RedisTerminalBus(cluster.redis, subscriber, cluster.key('terminal-bus'))
      : new InProcessTerminalBus();
  // Messages reach terminals unapproved only while the audit switch is off.
  const programManifest = new ProgramManifestService(db, filesDir, config.timeZone, () =>
    settings.get('auditOpen'),
  );
  const terminalDevices = new TerminalDeviceService(
    db,
    settings,
    heartbeatSecondsFor(config.terminal.offlineSeconds),
  );
  const terminalPresence = new TerminalPresence(db, {
    offlineSeconds: config.terminal.offlineSeconds,
    timeZone: config.timeZone,
    shared: cluster.redis
      ? {
          directory: new PresenceDirectory(cluster.redis, cluster.key),
          instanceId: cluster.instanceId,
          isLeader: () => leader.isLeader(),
        }
      : undefined,
  });
  const terminalCommands = new TerminalCommandService(db, terminalBus);
  const terminalPlayEvents = new PlayEventSink(db, Date.now, () => settings.get('playEventsRetentionMonths'));
  const terminalHeadCounts = new HeadCountSink(db);
  // Shares the ingest's partition cache: a partition it drops is forgotten here at once.
  const playRetention = new PlayRetention(terminalPlayEvents.partitions, () =>
    settings.get('playEventsRetentionMonths'),
  );
  const onlineRollup = new OnlineRollup(db);
  const terminalGateway = new TerminalGateway({
    devices: terminalDevices,
    presence: terminalPresence,
    commands: terminalCommands,
    playEvents: terminalPlayEvents,
    headCounts: terminalHeadCounts,
    bus: terminalBus,
    manifestVersions: (ids) => programManifest.versionsFor(ids),
  });
  return {
    terminalBus,
    programManifest,
    terminalDevices,
    terminalPresence,
    terminalCommands,
    terminalPlayEvents,
    terminalHeadCounts,
    playRetention,
    onlineRollup,
    terminalGateway,
    terminalScreenshots: new TerminalScreenshotStore(db, filesDir, config.timeZone),
  };
}

/** Decorates the app with the database, the configuration and the services. */
export default fp(
  async function services(app: FastifyInstance, opts: { db: Database; config: AppConfig }) {
    app.decorate('db', opts.db);
    app.decorate('config', opts.config);
    app.decorate('services', createServices(opts.db, opts.config));
  },
  { name: 'apm-services' },
);
