import { count, eq } from 'drizzle-orm';
import { materialFolders, materials } from '../../db/schema/index.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';

/** Registers the office delete checks of the library: an office holding materials or folders stays. */
export function registerMaterialOfficeChecks(): void {
  registerOfficeDeleteCheck({
    key: 'materials',
    label: 'materials',
    count: async (db, officeId) =>
      Number(
        (await db.select({ n: count() }).from(materials).where(eq(materials.officeId, officeId)))[0]?.n ?? 0,
      ),
  });
  registerOfficeDeleteCheck({
    key: 'materialFolders',
    label: 'material folders',
    count: async (db, officeId) =>
      Number(
        (
          await db.select({ n: count() }).from(materialFolders).where(eq(materialFolders.officeId, officeId))
        )[0]?.n ?? 0,
      ),
  });
}
