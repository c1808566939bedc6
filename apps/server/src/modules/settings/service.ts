import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { systemSettings } from '../../db/schema/index.js';
import { isSealed, type SecretBox } from '../../lib/secret-box.js';
import { SETTINGS, type SettingKey, type SettingValue } from './registry.js';

/** Upload size limit in MB while the upload limit switch is off (spec section 9). */
export const UNLIMITED_UPLOAD_MB = 10240;

/**
 * Whether a setting is stored encrypted: the write-only secrets administrators set (`saveSecret`) and
 * the keys the system keeps (the sign-in key pair).
 */
export const isEncryptedSetting = (key: SettingKey) => SETTINGS[key].encrypted;

/** How a sealed value that is not a text is stored: its JSON, sealed, in a one-field object. */
interface SealedJson {
  sealedJson: string;
}

const isSealedJson = (value: unknown): value is SealedJson =>
  typeof value === 'object' && value !== null && isSealed((value as Partial<SealedJson>).sealedJson);

/** Whether a stored value is sealed, as a text or as JSON. */
const isStoredSealed = (value: unknown) => isSealed(value) || isSealedJson(value);

/**
 * Reads and writes typed system settings; values are cached briefly in memory and written through.
 * Write-only secrets are stored sealed by the {@link SecretBox} and opened on read; plain-text ones
 * from before are still read, and {@link sealPlainSecrets} seals them.
 */
export class SettingsService {
  private cache = new Map<SettingKey, unknown>();
  private loadedAt = 0;
  /** Other instances may change settings: the cache is re-read after this many milliseconds. */
  static readonly TTL_MS = 5000;

  /** @param box Seals the write-only secrets; without it (tools that touch no secret) they cannot be read or set. */
  constructor(
    private readonly db: Database,
    private readonly box?: SecretBox,
  ) {}

  /** Loads every stored setting into the cache. */
  async reload(): Promise<void> {
    const rows = await this.db.select().from(systemSettings);
    this.cache.clear();
    for (const row of rows) this.cache.set(row.key as SettingKey, row.value);
    this.loadedAt = Date.now();
  }

  /** The value of a setting, or its default; a secret sealed with another key throws SecretKeyError. */
  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const stored = await this.stored(key);
    if (isSealed(stored)) return this.secretBox().open(stored, key) as SettingValue<K>;
    if (isSealedJson(stored))
      return JSON.parse(this.secretBox().open(stored.sealedJson, key)) as SettingValue<K>;
    return stored as SettingValue<K>;
  }

  /** Whether a setting holds a value other than '' or null (without opening a secret). */
  async isSet(key: SettingKey): Promise<boolean> {
    const stored = await this.stored(key);
    return stored !== '' && stored !== null && stored !== undefined;
  }

  /** Stores a setting (sealed when it is a write-only secret). */
  async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    const stored = this.toStored(key, value);
    await this.db
      .insert(systemSettings)
      .values({ key, value: stored })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: stored, updatedAt: sql`now()` } });
    this.cache.set(key, stored);
  }

  /**
   * Seals encrypted settings still stored in plain text (from before encryption at rest); answers
   * the write-only secrets that are sealed with another key and so cannot be read.
   */
  async sealPlainSecrets(): Promise<SettingKey[]> {
    await this.reload();
    const unreadable: SettingKey[] = [];
    for (const key of (Object.keys(SETTINGS) as SettingKey[]).filter(isEncryptedSetting)) {
      const stored = this.cache.get(key);
      if (isStoredSealed(stored)) {
        try {
          await this.get(key);
        } catch {
          // Keys the system keeps are replaced by their owner (a new sign-in key pair), not reported.
          if (!SETTINGS[key].readOnly) unreadable.push(key);
        }
      } else if (stored !== undefined && stored !== '' && stored !== null) {
        await this.set(key, stored as SettingValue<typeof key>);
      }
    }
    return unreadable;
  }

  /** What the database holds for a value: encrypted settings sealed ('' and null stay as they are). */
  private toStored(key: SettingKey, value: unknown): unknown {
    if (!isEncryptedSetting(key) || value === '' || value === null || value === undefined) return value;
    return typeof value === 'string'
      ? this.secretBox().seal(value)
      : ({ sealedJson: this.secretBox().seal(JSON.stringify(value)) } satisfies SealedJson);
  }

  private secretBox(): SecretBox {
    if (!this.box) throw new Error('This settings service has no secret box: secrets cannot be read or set');
    return this.box;
  }

  /** The stored (possibly sealed) value, or the default. */
  private async stored(key: SettingKey): Promise<unknown> {
    if (Date.now() - this.loadedAt > SettingsService.TTL_MS) await this.reload();
    return this.cache.has(key) ? this.cache.get(key) : SETTINGS[key].default;
  }

  /** The largest single upload in MB: the configured size when the limit is on, otherwise 10240 (spec section 9). */
  async uploadLimitMb(): Promise<number> {
    return (await this.get('uploadLimitOpen')) ? await this.get('uploadLimitSize') : UNLIMITED_UPLOAD_MB;
  }

  /** Stores a setting only when it is not stored yet; answers whether this call stored it. */
  async setIfAbsent<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<boolean> {
    const stored = this.toStored(key, value);
    const inserted = await this.db
      .insert(systemSettings)
      .values({ key, value: stored })
      .onConflictDoNothing()
      .returning({ key: systemSettings.key });
    if (inserted.length > 0) this.cache.set(key, stored);
    else await this.reloadKey(key);
    return inserted.length > 0;
  }

  private async reloadKey(key: SettingKey): Promise<void> {
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.key, key));
    if (row) this.cache.set(key, row.value);
  }
}
