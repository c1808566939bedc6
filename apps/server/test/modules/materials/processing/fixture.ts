import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { App } from '../../../../src/app.js';
import type { Database } from '../../../../src/db/client.js';
import {
  materialFiles,
  materials,
  type MaterialKindValue,
  type ProcessState,
} from '../../../../src/db/schema/index.js';

/** Who owns a test material. */
export interface Owner {
  officeId: number;
  userId: number;
}

/** How a test file is stored. */
export interface StoreOptions {
  kind: MaterialKindValue;
  mime: string;
  ext: string;
  shared?: boolean;
  state?: ProcessState;
}

/**
 * Stores a file as the upload side would: the blob under `<dataDir>/files`, a `material_files`
 * row (queued) and a `materials` row of the owner.
 */
export async function storeMaterial(app: App, owner: Owner, source: string, options: StoreOptions) {
  const bytes = await readFile(source);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const { filesDir } = app.services;
  const storagePath = filesDir.blobPath(md5, bytes.length, options.ext);
  const target = filesDir.resolveFilePath(storagePath);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
  const [file] = await app.db
    .insert(materialFiles)
    .values({
      md5,
      size: bytes.length,
      mime: options.mime,
      kind: options.kind,
      storagePath,
      processState: options.state ?? 'queued',
    })
    .returning({ id: materialFiles.id });
  const [material] = await app.db
    .insert(materials)
    .values({
      name: path.basename(source),
      fileId: file!.id,
      officeId: owner.officeId,
      createdBy: owner.userId,
      kind: options.kind,
      size: bytes.length,
      md5,
      shared: options.shared ?? false,
    })
    .returning({ id: materials.id });
  return { fileId: file!.id, materialId: material!.id };
}

/** The stored file row. */
export async function fileRow(db: Database, id: number) {
  const [row] = await db.select().from(materialFiles).where(eq(materialFiles.id, id));
  return row!;
}

/** Wakes the queue and waits until it has nothing left to do. */
export async function processAll(app: App): Promise<void> {
  app.services.materialJobs.wake();
  await app.services.materialJobs.idle();
}
