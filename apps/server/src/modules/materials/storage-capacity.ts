import { formatBytes, mbToBytes, type StorageCapacity } from '@apm/contract';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materialFiles, materials, materialUploads, offices } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { pathIds } from '../offices/office-scope.js';
import type { SettingsService } from '../settings/service.js';

/** An office whose quota bounds the caller's uploads, with what its subtree already uses. */
interface QuotaOffice {
  id: number;
  name: string;
  quotaBytes: number;
  usedBytes: number;
}

/**
 * Storage capacity of a tenant: the per-file upload limit (settings) and, while `capacityFlag` is
 * on, the storage quotas of the caller's tenant office and of every agent above it. An office's
 * usage is the size of the distinct stored files its subtree's materials link, plus the declared
 * sizes of the uploads running there.
 */
export class StorageCapacityService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** Bytes used under the office at `path`: distinct linked files plus running uploads. */
  async usedUnder(path: string): Promise<number> {
    const [files] = await this.db
      .select({ n: sql<string>`coalesce(sum(${materialFiles.size}), 0)` })
      .from(materialFiles)
      .where(
        inArray(
          materialFiles.id,
          this.db
            .select({ id: materials.fileId })
            .from(materials)
            .where(officesUnder(materials.officeId, path)),
        ),
      );
    const [uploads] = await this.db
      .select({ n: sql<string>`coalesce(sum(${materialUploads.size}), 0)` })
      .from(materialUploads)
      .where(officesUnder(materialUploads.officeId, path));
    return Number(files!.n) + Number(uploads!.n);
  }

  /** The largest single file the upload-limit setting allows, in bytes. */
  async uploadLimitBytes(): Promise<number> {
    return mbToBytes(await this.settings.uploadLimitMb());
  }

  /** Offices with a quota bounding the caller: the tenant office and the agents above it (flag on only). */
  private async quotaOffices(auth: AuthContext): Promise<QuotaOffice[]> {
    if (!(await this.settings.get('capacityFlag'))) return [];
    const ids = pathIds(auth.tenantPath);
    if (!ids.length) return [];
    const tenantId = ids[ids.length - 1]!;
    const rows = await this.db
      .select({
        id: offices.id,
        name: offices.name,
        kind: offices.kind,
        path: offices.path,
        quotaMb: offices.storageQuotaMb,
      })
      .from(offices)
      .where(and(inArray(offices.id, ids), isNotNull(offices.storageQuotaMb)));
    const bounding = rows.filter((r) => r.id === tenantId || r.kind === 'agent');
    return Promise.all(
      bounding.map(async (r) => ({
        id: r.id,
        name: r.name,
        quotaBytes: mbToBytes(r.quotaMb!),
        usedBytes: await this.usedUnder(r.path),
      })),
    );
  }

  /** The quota with the least room left, or undefined when none bounds the caller. */
  private tightest(quotas: QuotaOffice[]): QuotaOffice | undefined {
    return quotas.reduce<QuotaOffice | undefined>(
      (best, q) => (!best || q.quotaBytes - q.usedBytes < best.quotaBytes - best.usedBytes ? q : best),
      undefined,
    );
  }

  /**
   * Usage and room of the caller's tenant. With a quota, `usedBytes` is the usage under the office
   * owning the tightest quota (so that used/quota is one consistent bar); otherwise the tenant's own.
   */
  async usage(auth: AuthContext): Promise<StorageCapacity> {
    const quota = this.tightest(await this.quotaOffices(auth));
    return {
      usedBytes: quota ? quota.usedBytes : await this.usedUnder(auth.tenantPath),
      quotaBytes: quota?.quotaBytes ?? null,
      quotaOfficeName: quota?.name ?? null,
      uploadLimitBytes: await this.uploadLimitBytes(),
    };
  }

  /**
   * Refuses (413, naming the limit) a new file of `bytes` that exceeds the upload limit or would
   * push any bounding quota over. `storedBytes` is what the capacity grows by (0 when the tenant
   * already holds the same file); it defaults to `bytes`.
   */
  async assertRoom(auth: AuthContext, bytes: number, storedBytes = bytes): Promise<void> {
    const limit = await this.uploadLimitBytes();
    if (bytes > limit) {
      throw new AppError(
        413,
        `The file (${formatBytes(bytes)}) exceeds the upload limit of ${formatBytes(limit)}`,
        'uploadLimit',
        { limitBytes: limit },
      );
    }
    if (storedBytes <= 0) return;
    for (const q of await this.quotaOffices(auth)) {
      if (q.usedBytes + storedBytes > q.quotaBytes) {
        throw new AppError(
          413,
          `The file (${formatBytes(storedBytes)}) would exceed the storage quota of ${q.name} ` +
            `(${formatBytes(q.usedBytes)} of ${formatBytes(q.quotaBytes)} used)`,
          'storageQuota',
          { quotaBytes: q.quotaBytes, usedBytes: q.usedBytes, officeName: q.name },
        );
      }
    }
  }
}
