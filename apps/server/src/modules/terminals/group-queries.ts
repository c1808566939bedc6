import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminalGroups } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';

/** A terminal group row. */
export type GroupRow = typeof terminalGroups.$inferSelect;

/** Groups the caller may see: the data-range rule on the group's office. */
export const groupScope = (auth: AuthContext): SQL => dataScope(auth, terminalGroups.officeId);

/** One group in the caller's scope, or 404 naming `field`. */
export async function groupInScope(
  db: Database,
  auth: AuthContext,
  id: number,
  field = 'id',
): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(terminalGroups)
    .where(and(eq(terminalGroups.id, id), groupScope(auth)));
  if (!row) throw fieldError(404, field, `${field}: no terminal group ${id} in your scope`, 'notFound');
  return row;
}

/** The group's id and those of every group below it (groups never leave their office). */
export async function groupWithDescendants(db: Database, group: GroupRow): Promise<number[]> {
  const rows = await db
    .select({ id: terminalGroups.id, parentId: terminalGroups.parentId })
    .from(terminalGroups)
    .where(eq(terminalGroups.officeId, group.officeId));
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [group.id];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
