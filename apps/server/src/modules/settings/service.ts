import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { systemSettings } from '../../db/schema/index.js';
import { SETTINGS, type SettingKey, type SettingValue } from './registry.js';

/** Upload size limit in MB while the upload limit switch is off (spec section 9). */
export const UNLIMITED_UPLOAD_MB = 10240;

/** Reads and writes typed system settings; values are cached briefly in memory and written through. */
export class SettingsService {
  private cache = new Map<SettingKey, unknown>();
  private loadedAt = 0;
  /** Other instances may change settings: the cache is re-read after this many milliseconds. */
  static readonly TTL_MS = 5000;

  constructor(private readonly db: Database) {}

  /** Loads every stored setting into the cache. */
  async reload(): Promise<void> {
    const rows = await this.db.select().from(systemSettings);
    this.cache.clear();
    for (const row of rows) this.cache.set(row.key as SettingKey, row.value);
    this.loadedAt = Date.now();
  }

  /** The value of a setting, or its default. */
  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    if (Date.now() - this.loadedAt > SettingsService.TTL_MS) await this.reload();
    return (this.cache.has(key) ? this.cache.get(key) : SETTINGS[key].default) as SettingValue<K>;
  }

  /** Stores a setting. */
  async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    await this.db
      .insert(systemSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
    this.cache.set(key, value);
  }

  /** The largest single upload in MB: the configured size when the limit is on, otherwise 10240 (spec section 9). */
  async uploadLimitMb(): Promise<number> {
    return (await this.get('uploadLimitOpen')) ? await this.get('uploadLimitSize') : UNLIMITED_UPLOAD_MB;
  }

  /** Stores a setting only when it is not stored yet; answers whether this call stored it. */
  async setIfAbsent<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<boolean> {
    const inserted = await this.db
      .insert(systemSettings)
      .values({ key, value })
      .onConflictDoNothing()
      .returning({ key: systemSettings.key });
    if (inserted.length > 0) this.cache.set(key, value);
    else await this.reloadKey(key);
    return inserted.length > 0;
  }

  private async reloadKey(key: SettingKey): Promise<void> {
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.key, key));
    if (row) this.cache.set(key, row.value);
  }
}
