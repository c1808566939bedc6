import type { MaterialFolder } from '@apm/contract';
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materialFolders, materials } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { checkName, materialReadable } from './material-queries.js';

/** What saving a folder takes: no id creates, an id renames. */
export interface FolderSaveInput {
  id?: number;
  /** Parent of a new folder (null or absent: top level); ignored when renaming. */
  parentId?: number | null;
  name: string;
}

type FolderRow = typeof materialFolders.$inferSelect;

/** Folders the caller may see and change: the one data-range rule, on the folder's office and creator. */
export const folderScope = (auth: AuthContext): SQL =>
  dataScope(auth, materialFolders.officeId, materialFolders.createdBy);

/** Longest chain of parents walked (guards against a cycle that slipped into the data). */
const MAX_DEPTH = 100;

/** Folders of the material library: a tree per office, moved without cycles, deleted only when empty. */
export class MaterialFolderService {
  constructor(private readonly db: Database) {}

  /** One folder in the caller's scope, or 404 naming `field`. */
  async inScope(auth: AuthContext, id: number, field = 'id', db = this.db): Promise<FolderRow> {
    const [row] = await db
      .select()
      .from(materialFolders)
      .where(and(eq(materialFolders.id, id), folderScope(auth)));
    if (!row) throw fieldError(404, field, `No folder ${id} in your scope`, 'notFound');
    return row;
  }

  /** Every folder in scope, parents before children, each with its materials and child folders counted. */
  async tree(auth: AuthContext): Promise<MaterialFolder[]> {
    const rows = await this.db
      .select({
        id: materialFolders.id,
        parentId: materialFolders.parentId,
        name: materialFolders.name,
        officeId: materialFolders.officeId,
      })
      .from(materialFolders)
      .where(folderScope(auth))
      .orderBy(asc(materialFolders.name), asc(materialFolders.id));
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const materialCounts = await this.db
      .select({ folderId: materials.folderId, n: count() })
      .from(materials)
      .where(and(inArray(materials.folderId, ids), materialReadable(auth)))
      .groupBy(materials.folderId);
    const byFolder = new Map(materialCounts.map((c) => [c.folderId, Number(c.n)]));
    const visible = new Set(ids);
    const children = new Map<number | null, typeof rows>();
    for (const r of rows) {
      // A folder whose parent is out of scope shows at the top level.
      const parent = r.parentId !== null && visible.has(r.parentId) ? r.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), r]);
    }
    const out: MaterialFolder[] = [];
    const walk = (parent: number | null) => {
      for (const r of children.get(parent) ?? []) {
        out.push({
          ...r,
          materialCount: byFolder.get(r.id) ?? 0,
          childCount: children.get(r.id)?.length ?? 0,
        });
        walk(r.id);
      }
    };
    walk(null);
    return out;
  }

  /** Creates (no id; res:material:add) or renames (res:material:edit) a folder; 409 when a sibling has the name. */
  async save(auth: AuthContext, input: FolderSaveInput): Promise<{ id: number }> {
    const name = checkName(input.name);
    if (input.id !== undefined) {
      requirePermission(auth, 'res:material:edit');
      const folder = await this.inScope(auth, input.id);
      await this.assertNameFree(folder.officeId, folder.parentId, name, folder.id);
      await this.db
        .update(materialFolders)
        .set({ name, updatedAt: new Date() })
        .where(eq(materialFolders.id, folder.id));
      return { id: folder.id };
    }
    requirePermission(auth, 'res:material:add');
    const parentId = input.parentId ?? null;
    // A subfolder belongs to its parent's office, so that each office's tree stays whole.
    const officeId =
      parentId === null ? auth.officeId : (await this.inScope(auth, parentId, 'parentId')).officeId;
    await this.assertNameFree(officeId, parentId, name);
    const [row] = await this.db
      .insert(materialFolders)
      .values({ parentId, name, officeId, createdBy: auth.userId })
      .returning({ id: materialFolders.id });
    return { id: row!.id };
  }

  /** Moves a folder under another of the same office (null: top level); refuses cycles and name clashes. */
  async move(auth: AuthContext, id: number, parentId: number | null): Promise<void> {
    const folder = await this.inScope(auth, id);
    if (parentId !== null) {
      const parent = await this.inScope(auth, parentId, 'parentId');
      if (parent.officeId !== folder.officeId) {
        throw fieldError(400, 'parentId', 'A folder can only move within the folders of its own office');
      }
      if ((await this.ancestorIds(parentId)).includes(id)) {
        throw fieldError(400, 'parentId', 'A folder cannot move into itself or one of its subfolders');
      }
    }
    if (folder.parentId === parentId) return;
    await this.assertNameFree(folder.officeId, parentId, folder.name, folder.id);
    await this.db
      .update(materialFolders)
      .set({ parentId, updatedAt: new Date() })
      .where(eq(materialFolders.id, folder.id));
  }

  /** Deletes an empty folder; 409 while it holds subfolders or materials (anyone's). */
  async delete(auth: AuthContext, id: number): Promise<void> {
    const folder = await this.inScope(auth, id);
    await this.db.transaction(async (tx) => {
      const [subfolders] = await tx
        .select({ n: count() })
        .from(materialFolders)
        .where(eq(materialFolders.parentId, folder.id));
      const [held] = await tx.select({ n: count() }).from(materials).where(eq(materials.folderId, folder.id));
      const what = [
        Number(subfolders?.n) ? `${subfolders!.n} folder(s)` : '',
        Number(held?.n) ? `${held!.n} material(s)` : '',
      ].filter(Boolean);
      if (what.length) {
        throw new AppError(
          409,
          `${folder.name} is not empty: it holds ${what.join(' and ')}`,
          'folderNotEmpty',
        );
      }
      await tx.delete(materialFolders).where(eq(materialFolders.id, folder.id));
    });
  }

  /** Ids from a folder up to the top (the folder first), whatever their scope. */
  async ancestorIds(id: number, db = this.db): Promise<number[]> {
    return (await this.path(id, db)).map((f) => f.id).reverse();
  }

  /** The folders from the top down to `id`, with names (for a material's folder path). */
  async path(id: number, db = this.db): Promise<{ id: number; name: string }[]> {
    const out: { id: number; name: string }[] = [];
    let next: number | null = id;
    while (next !== null && out.length < MAX_DEPTH && !out.some((f) => f.id === next)) {
      const [row] = await db
        .select({ id: materialFolders.id, name: materialFolders.name, parentId: materialFolders.parentId })
        .from(materialFolders)
        .where(eq(materialFolders.id, next));
      if (!row) break;
      out.unshift({ id: row.id, name: row.name });
      next = row.parentId;
    }
    return out;
  }

  private async assertNameFree(officeId: number, parentId: number | null, name: string, exceptId?: number) {
    const [taken] = await this.db
      .select({ id: materialFolders.id })
      .from(materialFolders)
      .where(
        and(
          eq(materialFolders.officeId, officeId),
          parentId === null ? isNull(materialFolders.parentId) : eq(materialFolders.parentId, parentId),
          sql`lower(${materialFolders.name}) = ${name.toLowerCase()}`,
          exceptId !== undefined ? ne(materialFolders.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) {
      throw new AppError(409, `A folder named ${name} already exists here`, 'duplicateName', {
        fields: { name: `A folder named ${name} already exists here` },
      });
    }
  }
}
