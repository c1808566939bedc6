import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { planPublications, plans } from '../../db/schema/index.js';
import { intArray } from '../../terminal/sql.js';

/** Plans whose entries or default program use any of `programIds`. */
const usesAny = (programIds: readonly number[]) =>
  sql`exists (select 1 from jsonb_array_elements_text(${plans.programIds}) as p(v) where p.v::int = any(${intArray(programIds)}))`;

/** The plans using each of `programIds` (programs no plan uses are left out), by plan name. */
export async function plansUsing(
  db: Pick<Database, 'select'>,
  programIds: readonly number[],
): Promise<{ programId: number; plans: { id: number; name: string }[] }[]> {
  if (!programIds.length) return [];
  const rows = await db
    .select({ id: plans.id, name: plans.name, programIds: plans.programIds })
    .from(plans)
    .where(usesAny(programIds))
    .orderBy(asc(plans.name), asc(plans.id));
  return programIds.flatMap((programId) => {
    const using = rows
      .filter((r) => (r.programIds ?? []).includes(programId))
      .map(({ id, name }) => ({ id, name }));
    return using.length ? [{ programId, plans: using }] : [];
  });
}

/** Terminals following a plan that uses any of `programIds` (their manifests carry those programs). */
export async function terminalsOfPlansUsing(db: Database, programIds: readonly number[]): Promise<number[]> {
  if (!programIds.length) return [];
  const rows = await db
    .selectDistinct({ terminalId: planPublications.terminalId })
    .from(planPublications)
    .innerJoin(plans, eq(plans.id, planPublications.planId))
    .where(usesAny(programIds));
  return rows.map((r) => r.terminalId);
}
