import { recordIntake, reviewIntake } from '../../review/review-intake.js';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import type { AdvisoryLocks } from '../../../cluster/advisory-locks.js';
import type { Database } from '../../../db/client.js';
import { materialFiles, materialFolders, materials, materialUploads } from '../../../db/schema/index.js';
import { dataScope, officesUnder } from '../../../lib/data-scope.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import type { AuthContext } from '../../auth/session-service.js';
import type { SettingsService } from '../../settings/service.js';
import type { FilesDir } from '../files-dir.js';
import type { StorageCapacityService } from '../storage-capacity.js';
import { detectType } from './detect.js';
import { UPLOAD_TTL_MS, UploadExpiry } from './expiry.js';
import { HashingFileStore } from './hashing-store.js';
import { sanitizeFileName } from './names.js';

/** A running upload as stored in `material_uploads`. */
export type UploadRow = typeof materialUploads.$inferSelect;

/** What a new upload declares (tus metadata or multipart fields). */
export interface UploadDeclaration {
  filename: string | null | undefined;
  size: number;
  folderId?: number | null;
  md5?: string | null;
}

/** A received file ready to become a material. */
export interface ReceivedFile {
  /** Absolute path of the received bytes (removed whatever the outcome). */
  tempPath: string;
  size: number;
  /** MD5 of the received bytes. */
  md5: string;
  /** MD5 the client declared, if any. */
  claimedMd5?: string | null;
  name: string;
  folderId: number | null;
  userId: number;
  officeId: number;
}

/** Scopes of the MD5 checks (spec section 7): library materials, widget/common images, personal images. */
export type Md5Scope = 'material' | 'widget' | 'common' | 'personal';

const MD5 = /^[0-9a-f]{32}$/;

/** Checks an MD5 given by a client: 32 hex digits, lower-cased; null when absent. */
export function normaliseMd5(value: string | null | undefined, field = 'md5'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const md5 = value.trim().toLowerCase();
  if (!MD5.test(md5)) throw badRequest(`${field} must be 32 hexadecimal digits`, 'validation');
  return md5;
}

/**
 * Uploads of materials: checks before any byte is stored (name, size, limits, capacity, folder),
 * the finish of a received file (MD5, type from content, content-addressed blob, rows), and
 * instant upload of files the caller's tenant (or the platform, for shared files) already holds.
 */
export class MaterialUploadService {
  /** Serialises capacity check + reservation so that parallel uploads cannot overshoot a quota. */
  private reserving: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly capacity: StorageCapacityService,
    readonly filesDir: FilesDir,
    private readonly locks: AdvisoryLocks,
  ) {
    this.store = new HashingFileStore({
      directory: filesDir.uploadsDir,
      expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
    });
    this.expiry = new UploadExpiry(db, this.store);
  }

  /** The tus store of partial uploads (hashing as bytes arrive). */
  readonly store: HashingFileStore;
  /** The sweep of expired uploads (started and stopped with the app). */
  readonly expiry: UploadExpiry;

  /** Refuses a folder outside the caller's scope (404 naming the field). */
  async assertFolder(auth: AuthContext, folderId: number | null | undefined): Promise<number | null> {
    if (folderId === null || folderId === undefined) return null;
    const [row] = await this.db
      .select({ id: materialFolders.id })
      .from(materialFolders)
      .where(and(eq(materialFolders.id, folderId), dataScope(auth, materialFolders.officeId)));
    if (!row) throw notFound(`folderId ${folderId}: no such folder`);
    return row.id;
  }

  /** Validates a new upload; answers its sanitised name, folder and MD5 (nothing stored yet). */
  async check(auth: AuthContext, d: UploadDeclaration) {
    const name = sanitizeFileName(d.filename);
    if (!Number.isSafeInteger(d.size) || d.size <= 0) {
      throw badRequest('The file is empty: size must be more than 0 bytes', 'emptyFile');
    }
    const md5 = normaliseMd5(d.md5);
    const folderId = await this.assertFolder(auth, d.folderId);
    await this.capacity.assertRoom(auth, d.size);
    return { name, folderId, md5 };
  }

  /**
   * Runs a capacity check and the write that uses the room, one at a time: in this process, then
   * across instances (one cluster lock; each holder takes a few milliseconds). Parallel uploads
   * cannot overshoot a quota together.
   */
  private withCapacity<T>(work: () => Promise<T>): Promise<T> {
    const run = this.reserving.then(async () => {
      const release = await this.locks.acquire('upload-capacity');
      try {
        return await work();
      } finally {
        await release();
      }
    });
    this.reserving = run.catch(() => undefined);
    return run;
  }

  /** Checks and records a running upload (its size counts against capacity from now on). */
  async reserve(auth: AuthContext, d: UploadDeclaration): Promise<UploadRow> {
    return this.withCapacity(async () => {
      const { name, folderId, md5 } = await this.check(auth, d);
      const [row] = await this.db
        .insert(materialUploads)
        .values({
          id: randomBytes(16).toString('hex'),
          userId: auth.userId,
          officeId: auth.officeId,
          folderId,
          name,
          size: d.size,
          md5,
          expiresAt: new Date(Date.now() + UPLOAD_TTL_MS),
        })
        .returning();
      return row!;
    });
  }

  /** A running upload of `userId` (null for anyone else's, so that they see 404). */
  async uploadOf(id: string, userId: number): Promise<UploadRow | null> {
    const [row] = await this.db
      .select()
      .from(materialUploads)
      .where(and(eq(materialUploads.id, id), eq(materialUploads.userId, userId)));
    return row ?? null;
  }

  /** A running upload by id (finishing, after the ownership check of the request). */
  async upload(id: string): Promise<UploadRow | null> {
    const [row] = await this.db.select().from(materialUploads).where(eq(materialUploads.id, id));
    return row ?? null;
  }

  /** Drops the record of a running upload. */
  async release(id: string): Promise<void> {
    await this.db.delete(materialUploads).where(eq(materialUploads.id, id));
  }

  /**
   * Finishes a one-shot (multipart) upload: its quota check and its material row under the capacity
   * lock, like a resumable upload's reservation, so parallel uploads cannot overshoot a quota together.
   * A refusal removes the received bytes.
   */
  finishWithinCapacity(auth: AuthContext, file: ReceivedFile): Promise<number> {
    return this.withCapacity(async () => {
      try {
        await this.capacity.assertRoom(auth, file.size);
      } catch (err) {
        await rm(file.tempPath, { force: true });
        throw err;
      }
      return this.finish(file);
    });
  }

  /**
   * Turns received bytes into a material: MD5 checked against the client's, type decided from the
   * content, bytes moved into the content-addressed blobs (or dropped when the same file is stored),
   * file and material rows inserted. Refusals (422 MD5, 415 type) remove the received bytes.
   */
  async finish(file: ReceivedFile): Promise<number> {
    try {
      if (file.claimedMd5 && file.claimedMd5 !== file.md5) {
        throw new AppError(
          422,
          `MD5 mismatch: the client declared ${file.claimedMd5} but the received bytes hash to ${file.md5}`,
          'md5Mismatch',
        );
      }
      const type = await detectType(file.tempPath, file.size);
      const fileId = await this.storeBlob(file, type);
      const intake = await reviewIntake(this.db, this.settings, { userId: file.userId }, 'material');
      const { reviewState } = intake;
      const [m] = await this.db
        .insert(materials)
        .values({
          name: file.name,
          fileId,
          folderId: file.folderId,
          officeId: file.officeId,
          createdBy: file.userId,
          kind: type.kind,
          size: file.size,
          md5: file.md5,
          reviewState,
        })
        .returning({ id: materials.id });
      const saved = { id: m!.id, name: file.name, officeId: file.officeId, revision: null };
      await recordIntake(this.db, { userId: file.userId }, 'material', intake, [saved]);
      return m!.id;
    } finally {
      await rm(file.tempPath, { force: true });
    }
  }

  /** Moves received bytes to their blob path, or links the stored file with the same MD5 and size. */
  private async storeBlob(file: ReceivedFile, type: Awaited<ReturnType<typeof detectType>>): Promise<number> {
    const existing = await this.fileByHash(file.md5, file.size);
    if (existing) return existing;
    const relative = this.filesDir.blobPath(file.md5, file.size, type.ext);
    const target = this.filesDir.resolveFilePath(relative);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.tempPath, target);
    const meta = type.kind === 'html' ? { entries: type.entries, indexPage: type.indexPage } : {};
    const [row] = await this.db
      .insert(materialFiles)
      .values({
        md5: file.md5,
        size: file.size,
        mime: type.mime,
        kind: type.kind,
        storagePath: relative,
        meta,
        processState: 'queued',
      })
      .onConflictDoNothing()
      .returning({ id: materialFiles.id });
    return row?.id ?? (await this.fileByHash(file.md5, file.size))!;
  }

  private async fileByHash(md5: string, size: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: materialFiles.id })
      .from(materialFiles)
      .where(and(eq(materialFiles.md5, md5), eq(materialFiles.size, size)));
    return row?.id ?? null;
  }

  /**
   * The stored file with these bytes that the caller may link, or null: linked by a material of
   * the caller's tenant (own materials only for `personal`), or by a shared (platform) material.
   * Never answers for another tenant's private files.
   */
  async heldFile(auth: AuthContext, md5: string, size: number, scope: Md5Scope = 'material') {
    const own =
      scope === 'personal'
        ? eq(materials.createdBy, auth.userId)
        : officesUnder(materials.officeId, auth.tenantPath);
    const [row] = await this.db
      .select({ fileId: materials.fileId, kind: materials.kind, inTenant: sql<boolean>`${own}` })
      .from(materials)
      .where(and(eq(materials.md5, md5), eq(materials.size, size), or(own, eq(materials.shared, true))))
      .orderBy(sql`${own} desc`)
      .limit(1);
    if (!row) return null;
    return {
      fileId: row.fileId,
      kind: row.kind,
      inTenant: row.inTenant === true || String(row.inTenant) === 't',
    };
  }

  /** Links a held file as a new material of the caller (no bytes sent); 404 when not held. */
  async instant(
    auth: AuthContext,
    d: { md5: string; size: number; name: string; folderId?: number | null },
  ): Promise<number> {
    const md5 = normaliseMd5(d.md5)!;
    const name = sanitizeFileName(d.name, 'name');
    const held = await this.heldFile(auth, md5, d.size);
    if (!held) throw notFound('No file with this MD5 and size is held: upload its bytes');
    const folderId = await this.assertFolder(auth, d.folderId);
    return this.withCapacity(async () => {
      // A file the tenant already stores adds nothing to its usage; a shared one is counted in full.
      await this.capacity.assertRoom(auth, d.size, held.inTenant ? 0 : d.size);
      const intake = await reviewIntake(this.db, this.settings, auth, 'material');
      const { reviewState } = intake;
      const [m] = await this.db
        .insert(materials)
        .values({
          name,
          fileId: held.fileId,
          folderId,
          officeId: auth.officeId,
          createdBy: auth.userId,
          kind: held.kind,
          size: d.size,
          md5,
          reviewState,
        })
        .returning({ id: materials.id });
      const saved = { id: m!.id, name, officeId: auth.officeId, revision: null };
      await recordIntake(this.db, auth, 'material', intake, [saved]);
      return m!.id;
    });
  }
}
