import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTimeZone } from '@apm/schedule';

/** `apps/` — resolved from this module so that src/ and the bundled dist/ agree. */
const APPS_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** Server configuration, read from the environment (documented in the README). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; undefined = embedded PGlite in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /** Redis URL of the scale-out mode (`REDIS_URL`, needs `DATABASE_URL`); undefined = one process, nothing shared. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (`APM_REDIS_PREFIX`, default `apm:`): deployments can share one Redis. */
  redisPrefix: string;
  /** This instance's name among several (`APM_INSTANCE_ID`; default host name, process id and a random suffix). */
  instanceId: string;
  /**
   * Seconds a stopping instance keeps serving while its readiness answers 503, so that the load balancer
   * notices before its terminals are told to reconnect elsewhere (`APM_DRAIN_SECONDS`; default 5 with
   * `REDIS_URL`, 0 alone).
   */
  drainSeconds: number;
  adminUser: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  /** Which proxies' X-Forwarded-For to believe: none (false), all, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Sign-in attempts allowed per address per minute. */
  loginRateLimit: number;
  /** Directory of the built console (`apps/web/dist`). */
  webDir: string;
  /** Directory of the built player (`apps/player/dist`). */
  playerDir: string;
  /** Media tools of material processing: command names (found on PATH) or paths. */
  tools: MediaToolPaths;
  /** Open-Meteo endpoints of the weather call: `APM_WEATHER_GEOCODING_URL`, `APM_WEATHER_FORECAST_URL`. */
  weather: { geocodingUrl: string; forecastUrl: string };
  /** The OpenAPI document and UI are open to everyone (`APM_PUBLIC_DOCS=1`); otherwise signed-in users only. */
  publicDocs: boolean;
  /** Data sources may fetch loopback and private addresses (`APM_FEEDS_ALLOW_PRIVATE=1`); off: public addresses only. */
  feedsAllowPrivate: boolean;
  /** Key of secrets at rest (`APM_SECRET_KEY`, 32 bytes); undefined = `<dataDir>/secret.key`, made on first start. */
  secretKey: Buffer | undefined;
  /** Terminals: seconds of silence before offline (`APM_TERMINAL_OFFLINE_SECONDS`, default 90); registrations per address per minute (`APM_TERMINAL_REGISTER_RATE_LIMIT`, default 30). */
  terminal: { offlineSeconds: number; registerRateLimit: number };
  /**
   * IANA zone of play plans on terminals whose own settings and offices name none (`APM_TIME_ZONE`;
   * default the machine's zone, else UTC).
   */
  timeZone: string;
}

/** Commands that material processing runs: `APM_FFMPEG`, `APM_FFPROBE`, `APM_PDFTOPPM`, `APM_PDFINFO`, `APM_SOFFICE`. */
export interface MediaToolPaths {
  ffmpeg: string;
  ffprobe: string;
  pdftoppm: string;
  pdfinfo: string;
  soffice: string;
}

/** A configuration error: start-up stops with this one line. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the configuration; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): AppConfig {
  // Decimal digits only: Number() would read ' ' as 0 (a random port) and accept '1e3' or '0x50'.
  const port =
    env.PORT === undefined || env.PORT === '' ? 8080 : /^\d{1,5}$/.test(env.PORT) ? Number(env.PORT) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  }
  if (redisUrl !== undefined && databaseUrl === undefined) {
    // Instances share state through PostgreSQL: an embedded PGlite belongs to one process.
    throw new ConfigError('REDIS_URL needs DATABASE_URL: instances share one PostgreSQL');
  }
  const instanceId = env.APM_INSTANCE_ID || `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(instanceId)) {
    throw new ConfigError('APM_INSTANCE_ID must be 1-64 letters, digits, dots, dashes or underscores');
  }
  const redisPrefix = env.APM_REDIS_PREFIX || 'apm:';
  if (!/^[A-Za-z0-9._:-]{1,64}$/.test(redisPrefix)) {
    throw new ConfigError(
      'APM_REDIS_PREFIX must be 1-64 letters, digits, dots, colons, dashes or underscores',
    );
  }
  const drainSeconds = boundedInt(env, 'APM_DRAIN_SECONDS', redisUrl ? 5 : 0, 0, 300);
  const adminUser = env.APM_ADMIN_USER || undefined;
  const adminPassword = env.APM_ADMIN_PASSWORD || undefined;
  if ((adminUser === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('APM_ADMIN_USER and APM_ADMIN_PASSWORD must be set together');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  const loginRateLimit = env.APM_LOGIN_RATE_LIMIT ? Number(env.APM_LOGIN_RATE_LIMIT) : 30;
  if (!Number.isInteger(loginRateLimit) || loginRateLimit < 1) {
    throw new ConfigError('APM_LOGIN_RATE_LIMIT must be a positive integer');
  }
  const terminal = {
    offlineSeconds: positiveInt(env, 'APM_TERMINAL_OFFLINE_SECONDS', 90),
    registerRateLimit: positiveInt(env, 'APM_TERMINAL_REGISTER_RATE_LIMIT', 30),
  };
  return {
    port,
    terminal,
    timeZone: parseTimeZone(env.APM_TIME_ZONE),
    publicDocs: flag(env, 'APM_PUBLIC_DOCS'),
    feedsAllowPrivate: flag(env, 'APM_FEEDS_ALLOW_PRIVATE'),
    secretKey: parseSecretKey(env.APM_SECRET_KEY),
    trustProxy: parseTrustProxy(env.APM_TRUST_PROXY),
    loginRateLimit,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(rootDir, env.APM_DATA_DIR || './data'),
    databaseUrl,
    redisUrl,
    redisPrefix,
    instanceId,
    drainSeconds,
    adminUser,
    adminPassword,
    logLevel,
    smtpUrl,
    webDir: env.APM_WEB_DIR ? path.resolve(rootDir, env.APM_WEB_DIR) : path.join(APPS_DIR, 'web/dist'),
    playerDir: env.APM_PLAYER_DIR
      ? path.resolve(rootDir, env.APM_PLAYER_DIR)
      : path.join(APPS_DIR, 'player/dist'),
    weather: {
      geocodingUrl: httpUrl(
        env,
        'APM_WEATHER_GEOCODING_URL',
        'https://geocoding-api.open-meteo.com/v1/search',
      ),
      forecastUrl: httpUrl(env, 'APM_WEATHER_FORECAST_URL', 'https://api.open-meteo.com/v1/forecast'),
    },
    tools: {
      ffmpeg: env.APM_FFMPEG || 'ffmpeg',
      ffprobe: env.APM_FFPROBE || 'ffprobe',
      pdftoppm: env.APM_PDFTOPPM || 'pdftoppm',
      pdfinfo: env.APM_PDFINFO || 'pdfinfo',
      soffice: env.APM_SOFFICE || 'soffice',
    },
  };
}

/** `APM_TIME_ZONE`: an IANA zone; unset = the machine's zone, or UTC when it has none we know. */
function parseTimeZone(raw: string | undefined): string {
  if (raw !== undefined && raw !== '') {
    if (raw.length > 64 || !isTimeZone(raw))
      throw new ConfigError(`APM_TIME_ZONE must be an IANA time zone such as Europe/Berlin, got "${raw}"`);
    return raw;
  }
  const machine = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return machine && isTimeZone(machine) ? machine : 'UTC';
}

/** A positive integer variable, or its default when unset. */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} must be a positive integer`);
  return Number(raw);
}

/** An integer variable from `min` to `max`, or its default when unset. */
function boundedInt(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}`);
  return Number(raw);
}

/** A `0`/`1` switch, off when unset. */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new ConfigError(`${name} must be 0 or 1`);
}

/** `APM_SECRET_KEY`: 32 bytes as 64 hex digits or base64; unset = the data dir's key file. */
function parseSecretKey(raw: string | undefined): Buffer | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  if (key?.length !== 32) {
    throw new ConfigError('APM_SECRET_KEY must be 32 bytes: 64 hex digits or 44 base64 characters');
  }
  return key;
}

/** An http(s) URL variable, or its default when unset. */
function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^https?:\/\/\S+$/.test(raw) || !URL.canParse(raw))
    throw new ConfigError(`${name} must be an http:// or https:// URL`);
  return raw;
}

/** `APM_TRUST_PROXY`: unset/`false` = the socket address is the client; `true`; a hop count; or a list of addresses/CIDRs. */
function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  if (list.every((s) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s))) return list;
  throw new ConfigError(
    'APM_TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses/CIDRs',
  );
}
