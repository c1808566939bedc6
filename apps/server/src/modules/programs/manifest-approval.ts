import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materials } from '../../db/schema/index.js';
import type { LoadedTerminal } from './manifest-load.js';

/**
 * Takes out of loaded manifests what would bring an unapproved material to a screen: a program using
 * a material that is not approved (waiting, rejected) or no longer exists, and a message whose image is
 * such a material. Programs, plans and messages are loaded approved-only; this closes the last path, an
 * approved program or message holding an unapproved material.
 */
export async function dropUnapprovedMaterials(
  db: Database,
  loaded: Map<number, LoadedTerminal>,
): Promise<void> {
  const ids = new Set<number>();
  for (const l of loaded.values()) {
    for (const p of l.published) for (const id of p.materialIds) ids.add(id);
    for (const m of l.messages) if (m.imageId) ids.add(m.imageId);
  }
  if (!ids.size) return;
  const rows = await db
    .select({ id: materials.id, reviewState: materials.reviewState })
    .from(materials)
    .where(inArray(materials.id, [...ids]));
  const approved = new Set(rows.filter((r) => r.reviewState === 'approved').map((r) => r.id));
  const refused = new Set([...ids].filter((id) => !approved.has(id)));
  if (!refused.size) return;
  for (const l of loaded.values()) {
    l.published = l.published.filter((p) => !p.materialIds.some((id) => refused.has(id)));
    l.messages = l.messages.filter((m) => !(m.imageId && refused.has(m.imageId)));
  }
}
