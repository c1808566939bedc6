import type { MaterialDetail } from '@apm/contract';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materialFiles, materials, offices, users } from '../../db/schema/index.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { requirePlatformUser } from '../dictionary/service.js';
import type { FilesDir } from './files-dir.js';
import type { MaterialFolderService } from './folder-service.js';
import { removeStoredFiles } from './material-blobs.js';
import {
  checkName,
  derivedUrl,
  materialEditable,
  materialReadable,
  pageMaterials,
  selectMaterials,
  toMaterial,
  type MaterialFilters,
  type MaterialPaging,
} from './material-queries.js';
import { registerMaterialOfficeChecks } from './office-checks.js';
import { materialUsages } from './usage-checks.js';

registerMaterialOfficeChecks();

/** Whether a database error (possibly wrapped by Drizzle) is a foreign-key violation. */
const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

/** 404 naming the ids among `wanted` that are not in `found` (never saying whether they exist). */
function assertAllFound(wanted: number[], found: { id: number }[], field = 'ids'): void {
  const missing = wanted.filter((id) => !found.some((r) => r.id === id));
  if (missing.length) {
    throw fieldError(404, field, `No material ${missing.join(', ')} in your scope`, 'notFound');
  }
}

/**
 * 409 unless every material is visible to the caller and approved: what publish flows (programs,
 * plans, messages) call before they send anything to terminals.
 */
export async function assertPublishable(
  db: Database,
  auth: AuthContext,
  materialIds: number[],
): Promise<void> {
  const ids = [...new Set(materialIds)];
  if (!ids.length) return;
  const rows = await db
    .select({ id: materials.id, name: materials.name, reviewState: materials.reviewState })
    .from(materials)
    .where(and(inArray(materials.id, ids), materialReadable(auth)));
  assertAllFound(ids, rows);
  const waiting = rows.filter((r) => r.reviewState !== 'approved');
  if (waiting.length) {
    const names = waiting.map((r) => `${r.name} (${r.reviewState})`).join(', ');
    throw new AppError(
      409,
      `Only approved materials can be published; not approved: ${names}`,
      'notApproved',
      {
        ids: waiting.map((r) => r.id),
      },
    );
  }
}

/** The material library: list, details, rename, move, delete (with the stored bytes), share, publishability. */
export class MaterialService {
  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
    private readonly folders: MaterialFolderService,
    /** Stops a running processing job of a deleted file (the job then removes what it wrote). */
    private readonly jobs?: { cancel(fileId: number): Promise<void> },
  ) {}

  /** One page of the materials the caller may see. */
  list(auth: AuthContext, filters: MaterialFilters, paging: MaterialPaging) {
    return pageMaterials(this.db, materialReadable(auth), filters, paging);
  }

  /** Everything the details panel shows of one visible material; 404 outside the scope. */
  async detail(auth: AuthContext, id: number): Promise<MaterialDetail> {
    const [row] = await selectMaterials(this.db).where(and(eq(materials.id, id), materialReadable(auth)));
    if (!row) throw fieldError(404, 'id', `No material ${id} in your scope`, 'notFound');
    const [extra] = await this.db
      .select({
        meta: materialFiles.meta,
        posterPath: materialFiles.posterPath,
        convertedPath: materialFiles.convertedPath,
        folderId: materials.folderId,
        reviewedAt: materials.reviewedAt,
        reviewerName: users.name,
      })
      .from(materials)
      .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
      .leftJoin(users, eq(users.id, materials.reviewedBy))
      .where(eq(materials.id, id));
    const meta = extra?.meta ?? {};
    const pages = meta.pagePaths?.length ?? 0;
    return {
      ...toMaterial(row),
      folderPath: extra?.folderId ? await this.folders.path(extra.folderId) : [],
      videoCodec: meta.videoCodec ?? null,
      audioCodec: meta.audioCodec ?? null,
      pages: meta.pages ?? (pages || null),
      pageUrls: Array.from({ length: pages }, (_, i) => derivedUrl(id, 'page', i + 1)),
      posterUrl: extra?.posterPath ? derivedUrl(id, 'poster') : null,
      convertedUrl: extra?.convertedPath ? derivedUrl(id, 'converted') : null,
      usedBy: await materialUsages(this.db, [id]),
      reviewedAt: extra?.reviewedAt?.toISOString() ?? null,
      reviewerName: extra?.reviewerName ?? null,
    };
  }

  /** Renames a material the caller may change. */
  async rename(auth: AuthContext, id: number, rawName: string): Promise<void> {
    const name = checkName(rawName);
    const done = await this.db
      .update(materials)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(materials.id, id), materialEditable(auth)))
      .returning({ id: materials.id });
    if (!done.length) throw fieldError(404, 'id', `No material ${id} in your scope`, 'notFound');
  }

  /** Moves materials into a folder of the caller's scope (null: top level); all or nothing. */
  async move(auth: AuthContext, ids: number[], folderId: number | null): Promise<void> {
    if (folderId !== null) await this.folders.inScope(auth, folderId, 'folderId');
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(materials)
        .set({ folderId, updatedAt: new Date() })
        .where(and(inArray(materials.id, ids), materialEditable(auth)))
        .returning({ id: materials.id });
      // Throwing rolls the transaction back: none moves when one is out of scope.
      assertAllFound(ids, done);
    });
  }

  /**
   * Deletes materials; 409 listing what uses them (nothing deleted). A stored file no material
   * links any more goes too: its row in the transaction, its bytes and derived files after commit.
   */
  async delete(auth: AuthContext, ids: number[]): Promise<void> {
    const orphans = await this.deleteRows(auth, ids).catch((err: unknown) => {
      // An instant upload linked one of the files while we deleted it: nothing was deleted.
      if (isForeignKeyViolation(err))
        throw conflict('A file of these materials was just linked again; try again');
      throw err;
    });
    await Promise.all(orphans.files.map((f) => this.jobs?.cancel(f.id)));
    await removeStoredFiles(this.filesDir, orphans.files, orphans.freeThumbs);
  }

  private deleteRows(auth: AuthContext, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const rows = await tx
        .select({ id: materials.id, fileId: materials.fileId, thumbPath: materials.thumbPath })
        .from(materials)
        .where(and(inArray(materials.id, ids), materialEditable(auth)))
        .for('update');
      assertAllFound(ids, rows);
      const usedBy = await materialUsages(db, ids);
      if (usedBy.length) {
        const list = usedBy.map((u) => `${u.type} ${u.name}`).join(', ');
        throw new AppError(409, `Materials in use cannot be deleted; used by ${list}`, 'materialInUse', {
          usedBy,
        });
      }
      await tx.delete(materials).where(inArray(materials.id, ids));
      const fileIds = [...new Set(rows.map((r) => r.fileId))];
      const files = await tx
        .delete(materialFiles)
        .where(
          and(
            inArray(materialFiles.id, fileIds),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(materials)
                .where(eq(materials.fileId, materialFiles.id)),
            ),
          ),
        )
        .returning();
      const thumbs = rows.map((r) => r.thumbPath).filter((p): p is string => Boolean(p));
      const keptThumbs = thumbs.length
        ? await tx
            .select({ p: materials.thumbPath })
            .from(materials)
            .where(inArray(materials.thumbPath, thumbs))
        : [];
      const freeThumbs = thumbs.filter((p) => !keptThumbs.some((k) => k.p === p));
      return { files, freeThumbs };
    });
  }

  /** Shares platform materials with every tenant (or stops); platform users only, platform-owned materials only. */
  async share(auth: AuthContext, ids: number[], shared: boolean): Promise<void> {
    await requirePlatformUser(this.db, auth, 'shared materials');
    const rows = await this.db
      .select({ id: materials.id, path: offices.path })
      .from(materials)
      .innerJoin(offices, eq(offices.id, materials.officeId))
      .where(and(inArray(materials.id, ids), materialEditable(auth)));
    assertAllFound(ids, rows);
    const pathIds = [...new Set(rows.flatMap((r) => r.path.split('/').filter(Boolean).map(Number)))];
    const tenants = await this.db
      .select({ id: offices.id })
      .from(offices)
      .where(and(inArray(offices.id, pathIds), inArray(offices.kind, ['agent', 'customer'])));
    const tenantOwned = rows.filter((r) => tenants.some((t) => r.path.includes(`/${t.id}/`)));
    if (tenantOwned.length) {
      throw forbidden(
        `Materials of agents and customers are theirs and cannot be shared: ${tenantOwned.map((r) => r.id).join(', ')}`,
        'notPlatformMaterial',
      );
    }
    await this.db.update(materials).set({ shared, updatedAt: new Date() }).where(inArray(materials.id, ids));
  }

  /** See {@link assertPublishable}. */
  assertPublishable(auth: AuthContext, materialIds: number[]): Promise<void> {
    return assertPublishable(this.db, auth, materialIds);
  }
}
