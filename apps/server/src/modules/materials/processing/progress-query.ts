import type { ConvertProgress } from '@apm/contract';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { materialFiles, materials } from '../../../db/schema/index.js';
import { dataScope } from '../../../lib/data-scope.js';
import type { AuthContext } from '../../auth/session-service.js';

/**
 * Processing state of the given materials that the caller may see (their data range, or shared
 * platform materials); ids outside it are left out, so nothing tells whether they exist.
 */
export async function convertProgress(
  db: Database,
  auth: AuthContext,
  ids: number[],
): Promise<ConvertProgress[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: materials.id,
      processState: materialFiles.processState,
      processProgress: materialFiles.processProgress,
      processError: materialFiles.processError,
    })
    .from(materials)
    .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
    .where(
      and(
        inArray(materials.id, ids),
        or(dataScope(auth, materials.officeId, materials.createdBy), eq(materials.shared, true)),
      ),
    )
    .orderBy(asc(materials.id));
}
