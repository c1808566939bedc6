import type { Manifest } from '@apm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  materials,
  reviewDecisions,
  terminals,
  users,
  type ReviewSubjectKind,
} from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { claimedInScope } from '../terminals/terminal-scope.js';
import { fieldError } from '../users/user-access.js';

/** The approval of one item a terminal holds: the last approving step of the revision it plays. */
export interface TracedApproval {
  action: 'approved' | 'autoApproved';
  revision: number | null;
  actorName: string | null;
  at: string;
}

/** One item of a terminal's manifest with the approval it plays under (null: approved without review, audit off). */
export interface TracedItem {
  kind: ReviewSubjectKind;
  id: number;
  name: string;
  /** The revision the terminal holds (materials: null). */
  revision: number | null;
  approval: TracedApproval | null;
}

/** What a manifest holds, item by item (programs, their materials, plans, messages). */
export function manifestItems(manifest: Manifest): Omit<TracedItem, 'approval'>[] {
  const items: Omit<TracedItem, 'approval'>[] = [];
  const materials = new Map<number, string>();
  for (const p of manifest.programs) {
    items.push({ kind: 'program', id: p.id, name: p.name, revision: p.revision });
    for (const m of p.materials) materials.set(m.id, `#${m.id}`);
  }
  for (const plan of manifest.plans)
    items.push({ kind: 'plan', id: plan.id, name: plan.name, revision: plan.revision });
  for (const m of manifest.messages)
    items.push({ kind: 'message', id: m.id, name: m.name, revision: m.revision });
  for (const [id, name] of materials) items.push({ kind: 'material', id, name, revision: null });
  return items;
}

/**
 * Traces what a terminal plays to review: every program, plan, message and material of its manifest
 * with the last approving step recorded for the revision it holds. 404 for a terminal outside the
 * caller's range.
 */
export async function traceTerminal(
  db: Database,
  auth: AuthContext,
  manifestOf: (terminalId: number) => Promise<Manifest>,
  terminalId: number,
): Promise<TracedItem[]> {
  const [terminal] = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.id, terminalId), claimedInScope(auth)));
  if (!terminal) throw fieldError(404, 'terminalId', `No terminal ${terminalId} in your scope`, 'notFound');
  const items = manifestItems(await manifestOf(terminalId));
  const materialIds = items.filter((i) => i.kind === 'material').map((i) => i.id);
  if (materialIds.length) {
    const names = new Map(
      (
        await db
          .select({ id: materials.id, name: materials.name })
          .from(materials)
          .where(inArray(materials.id, materialIds))
      ).map((m) => [m.id, m.name]),
    );
    for (const item of items) if (item.kind === 'material') item.name = names.get(item.id) ?? item.name;
  }
  const approvals = new Map<string, TracedApproval>();
  for (const kind of ['program', 'plan', 'message', 'material'] as const) {
    const ids = items.filter((i) => i.kind === kind).map((i) => i.id);
    if (!ids.length) continue;
    const rows = await db
      .select({
        subjectId: reviewDecisions.subjectId,
        revision: reviewDecisions.revision,
        action: reviewDecisions.action,
        actorName: users.name,
        at: reviewDecisions.createdAt,
      })
      .from(reviewDecisions)
      .leftJoin(users, eq(users.id, reviewDecisions.actorId))
      .where(
        and(
          eq(reviewDecisions.subjectKind, kind),
          inArray(reviewDecisions.subjectId, ids),
          sql`${reviewDecisions.action} in ('approved', 'autoApproved')`,
        ),
      )
      .orderBy(reviewDecisions.id);
    // Later steps overwrite earlier ones: the last approval of each (item, revision) wins.
    for (const r of rows) {
      approvals.set(`${kind}:${r.subjectId}:${r.revision ?? ''}`, {
        action: r.action as TracedApproval['action'],
        revision: r.revision,
        actorName: r.actorName,
        at: r.at.toISOString(),
      });
    }
  }
  return items.map((i) => ({
    ...i,
    approval: approvals.get(`${i.kind}:${i.id}:${i.revision ?? ''}`) ?? null,
  }));
}
