import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const ROOT = '/srv/apm';

/** The ConfigError that loading this environment throws. */
function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, ROOT);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, ROOT);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(ROOT, 'data'),
      databaseUrl: undefined,
      adminUser: undefined,
      adminPassword: undefined,
      logLevel: 'info',
      smtpUrl: undefined,
      loginRateLimit: 30,
    });
    expect(config.webDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(config.playerDir).toMatch(/apps[/\\]player[/\\]dist$/);
    expect(config.weather).toEqual({
      geocodingUrl: 'https://geocoding-api.open-meteo.com/v1/search',
      forecastUrl: 'https://api.open-meteo.com/v1/forecast',
    });
    expect(config.tools).toEqual({
      ffmpeg: 'ffmpeg',
      ffprobe: 'ffprobe',
      pdftoppm: 'pdftoppm',
      pdfinfo: 'pdfinfo',
      soffice: 'soffice',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        APM_DATA_DIR: 'var/apm',
        DATABASE_URL: 'postgresql://apm@db:5432/apm',
        REDIS_URL: 'redis://cache:6379/2',
        APM_INSTANCE_ID: 'apm-2',
        APM_REDIS_PREFIX: 'signage:',
        APM_DRAIN_SECONDS: '7',
        APM_ADMIN_USER: 'root',
        APM_ADMIN_PASSWORD: 'Root#2026pass',
        LOG_LEVEL: 'warn',
        SMTP_URL: 'smtps://user:pw@mail.example:465',
        APM_LOGIN_RATE_LIMIT: '5',
        APM_WEB_DIR: 'web',
        APM_PLAYER_DIR: '/opt/player',
        APM_TRUST_PROXY: '1',
        APM_FFMPEG: '/opt/ff/ffmpeg',
        APM_FFPROBE: '/opt/ff/ffprobe',
        APM_PDFTOPPM: '/opt/poppler/pdftoppm',
        APM_PDFINFO: '/opt/poppler/pdfinfo',
        APM_SOFFICE: '/opt/libreoffice/program/soffice',
        APM_WEATHER_GEOCODING_URL: 'http://weather.local/v1/search',
        APM_WEATHER_FORECAST_URL: 'https://weather.local/v1/forecast',
        APM_PUBLIC_DOCS: '1',
        APM_SECRET_KEY: '0f'.repeat(32),
        APM_TIME_ZONE: 'America/New_York',
        APM_FEEDS_ALLOW_PRIVATE: '1',
      },
      ROOT,
    );
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      timeZone: 'America/New_York',
      dataDir: path.join(ROOT, 'var/apm'),
      databaseUrl: 'postgresql://apm@db:5432/apm',
      redisUrl: 'redis://cache:6379/2',
      redisPrefix: 'signage:',
      instanceId: 'apm-2',
      drainSeconds: 7,
      adminUser: 'root',
      adminPassword: 'Root#2026pass',
      logLevel: 'warn',
      smtpUrl: 'smtps://user:pw@mail.example:465',
      loginRateLimit: 5,
      webDir: path.join(ROOT, 'web'),
      playerDir: '/opt/player',
      trustProxy: 1,
      tools: {
        ffmpeg: '/opt/ff/ffmpeg',
        ffprobe: '/opt/ff/ffprobe',
        pdftoppm: '/opt/poppler/pdftoppm',
        pdfinfo: '/opt/poppler/pdfinfo',
        soffice: '/opt/libreoffice/program/soffice',
      },
      weather: {
        geocodingUrl: 'http://weather.local/v1/search',
        forecastUrl: 'https://weather.local/v1/forecast',
      },
      terminal: { offlineSeconds: 90, registerRateLimit: 30 },
      publicDocs: true,
      secretKey: Buffer.from('0f'.repeat(32), 'hex'),
      feedsAllowPrivate: true,
    });
  });

  it('keeps the docs private and the secret key in the data dir by default', () => {
    expect(loadConfig({}, ROOT)).toMatchObject({ publicDocs: false, secretKey: undefined });
    expect(loadConfig({ APM_PUBLIC_DOCS: '0' }, ROOT).publicDocs).toBe(false);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ APM_SECRET_KEY: base64 }, ROOT).secretKey).toEqual(Buffer.alloc(32, 7));
  });

  it('rejects a bad APM_PUBLIC_DOCS and an APM_SECRET_KEY that is not 32 bytes, naming each', () => {
    for (const value of ['yes', 'true', '2'])
      expect(failure({ APM_PUBLIC_DOCS: value }).message).toContain('APM_PUBLIC_DOCS');
    for (const value of ['secret', 'ab'.repeat(31), 'ab'.repeat(33), Buffer.alloc(16).toString('base64')])
      expect(failure({ APM_SECRET_KEY: value }).message).toContain('APM_SECRET_KEY');
  });

  it.each(['APM_WEATHER_GEOCODING_URL', 'APM_WEATHER_FORECAST_URL'])(
    'rejects a %s that is not http(s), naming it',
    (name) => {
      expect(failure({ [name]: 'ftp://weather.local/' }).message).toContain(name);
      expect(failure({ [name]: 'not a url' }).message).toContain(name);
    },
  );

  it.each(['abc', '65536', '-1', '80.5', '8080abc', ' ', '1e3', '0x50'])(
    'rejects PORT=%j naming PORT',
    (port) => {
      expect(failure({ PORT: port }).message).toMatch(/^PORT /);
    },
  );

  it.each(['mysql://db/apm', 'db:5432', 'http://postgres/'])('rejects DATABASE_URL=%j naming it', (url) => {
    expect(failure({ DATABASE_URL: url }).message).toContain('DATABASE_URL');
  });

  it('rejects a REDIS_URL that is not redis://, or without DATABASE_URL, and a bad APM_INSTANCE_ID, naming each', () => {
    const pg = { DATABASE_URL: 'postgres://db/apm' };
    expect(failure({ ...pg, REDIS_URL: 'http://cache:6379' }).message).toContain('REDIS_URL');
    expect(failure({ REDIS_URL: 'redis://cache:6379' }).message).toMatch(/REDIS_URL needs DATABASE_URL/);
    expect(failure({ APM_INSTANCE_ID: 'a b' }).message).toContain('APM_INSTANCE_ID');
    expect(failure({ APM_REDIS_PREFIX: 'a b' }).message).toContain('APM_REDIS_PREFIX');
    expect(loadConfig({}, ROOT).redisPrefix).toBe('apm:');
    expect(loadConfig({ ...pg, REDIS_URL: 'rediss://cache:6380' }, ROOT).redisUrl).toBe(
      'rediss://cache:6380',
    );
    expect(loadConfig({}, ROOT).instanceId).toMatch(/^[A-Za-z0-9._-]+-\d+-[0-9a-f]{4}$/);
  });

  it('reads APM_DRAIN_SECONDS (default 5 with REDIS_URL, 0 alone) and rejects what is not 0-300, naming it', () => {
    const cluster = { DATABASE_URL: 'postgres://db/apm', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({}, ROOT).drainSeconds).toBe(0);
    expect(loadConfig(cluster, ROOT).drainSeconds).toBe(5);
    expect(loadConfig({ ...cluster, APM_DRAIN_SECONDS: '0' }, ROOT).drainSeconds).toBe(0);
    expect(loadConfig({ APM_DRAIN_SECONDS: '300' }, ROOT).drainSeconds).toBe(300);
    for (const value of ['-1', '301', '2.5', '1e2', ' 5', 'soon'])
      expect(failure({ APM_DRAIN_SECONDS: value }).message).toContain('APM_DRAIN_SECONDS');
  });

  it('rejects only one of APM_ADMIN_USER and APM_ADMIN_PASSWORD', () => {
    const halves: Record<string, string>[] = [
      { APM_ADMIN_USER: 'root' },
      { APM_ADMIN_PASSWORD: 'Root#2026pass' },
    ];
    for (const env of halves) {
      const message = failure(env).message;
      expect(message).toContain('APM_ADMIN_USER');
      expect(message).toContain('APM_ADMIN_PASSWORD');
    }
  });

  it.each(['verbose', 'INFO', 'warning'])('rejects LOG_LEVEL=%j naming it', (level) => {
    expect(failure({ LOG_LEVEL: level }).message).toContain('LOG_LEVEL');
  });

  it('rejects a bad SMTP_URL and a bad APM_LOGIN_RATE_LIMIT, naming each', () => {
    expect(failure({ SMTP_URL: 'http://mail' }).message).toContain('SMTP_URL');
    for (const limit of ['0', '-3', '2.5', 'many'])
      expect(failure({ APM_LOGIN_RATE_LIMIT: limit }).message).toContain('APM_LOGIN_RATE_LIMIT');
  });

  it('reads APM_TRUST_PROXY and rejects nonsense, naming it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ APM_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ APM_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ APM_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(failure({ APM_TRUST_PROXY: 'everyone' }).message).toContain('APM_TRUST_PROXY');
  });

  it('reads APM_TIME_ZONE (default the machine’s zone, else UTC) and rejects an unknown zone, naming it', () => {
    expect(loadConfig({ APM_TIME_ZONE: 'Australia/Lord_Howe' }, ROOT).timeZone).toBe('Australia/Lord_Howe');
    const machine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(loadConfig({}, ROOT).timeZone).toBe(machine || 'UTC');
    expect(failure({ APM_TIME_ZONE: 'Mars/Olympus' }).message).toContain('APM_TIME_ZONE');
  });

  it('treats empty variables as unset', () => {
    expect(
      loadConfig(
        { PORT: '', DATABASE_URL: '', APM_ADMIN_USER: '', APM_ADMIN_PASSWORD: '', LOG_LEVEL: '' },
        ROOT,
      ),
    ).toMatchObject({ port: 8080, databaseUrl: undefined, adminUser: undefined, logLevel: 'info' });
  });
});
