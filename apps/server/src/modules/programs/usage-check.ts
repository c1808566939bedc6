import { asc, sql } from 'drizzle-orm';
import { programs } from '../../db/schema/index.js';
import { registerMaterialUsageCheck } from '../materials/usage-checks.js';

/** Makes materials that programs use undeletable, and lists those programs in material details. */
export function registerProgramUsageCheck(): void {
  registerMaterialUsageCheck({
    key: 'programs',
    label: 'programs',
    async find(db, materialIds) {
      const ids = [...new Set(materialIds)].filter((id) => Number.isInteger(id));
      if (!ids.length) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await db
        .select({ id: programs.id, name: programs.name })
        .from(programs)
        .where(
          sql`exists (select 1 from jsonb_array_elements_text(${programs.materialIds}) as m(v) where m.v::int in (${list}))`,
        )
        .orderBy(asc(programs.id));
      return rows.map((r) => ({ type: 'program', id: r.id, name: r.name }));
    },
  });
}
