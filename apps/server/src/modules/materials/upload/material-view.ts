import type { Material } from '@apm/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { materials } from '../../../db/schema/index.js';
import { selectMaterials, toMaterial } from '../material-queries.js';

/**
 * One material as the upload calls answer it (the {@link Material} of lists, same mapper), read by
 * id; the caller has already checked that the material is in scope.
 */
export async function loadMaterial(db: Database, id: number): Promise<Material> {
  const [row] = await selectMaterials(db).where(eq(materials.id, id));
  if (!row) throw new Error(`material ${id} vanished`);
  return toMaterial(row);
}
