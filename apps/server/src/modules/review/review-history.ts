import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { reviewDecisions, users, type ReviewAction, type ReviewSubjectKind } from '../../db/schema/index.js';

/** A database or an open transaction: history is written in the transaction of the change it records. */
type Writer = Pick<Database, 'insert'>;

/** One step of review to record. */
export interface ReviewStep {
  subjectKind: ReviewSubjectKind;
  subjectId: number;
  /** The revision judged (null for materials, which have none). */
  revision: number | null;
  action: ReviewAction;
  note?: string | null;
  /** The user who took the step (null: the system). */
  actorId: number | null;
}

/** Records review steps (one row each) in the history. */
export async function recordReviewSteps(db: Writer, steps: readonly ReviewStep[]): Promise<void> {
  if (!steps.length) return;
  await db.insert(reviewDecisions).values(
    steps.map((s) => ({
      subjectKind: s.subjectKind,
      subjectId: s.subjectId,
      revision: s.revision,
      action: s.action,
      note: s.note ?? null,
      actorId: s.actorId,
    })),
  );
}

/** A recorded step, as the console shows it. */
export interface ReviewHistoryRow {
  id: number;
  revision: number | null;
  action: ReviewAction;
  note: string | null;
  actorId: number | null;
  actorName: string | null;
  createdAt: string;
}

/** The review history of one item, oldest first. */
export async function reviewHistory(
  db: Database,
  subjectKind: ReviewSubjectKind,
  subjectId: number,
): Promise<ReviewHistoryRow[]> {
  const rows = await db
    .select({
      id: reviewDecisions.id,
      revision: reviewDecisions.revision,
      action: reviewDecisions.action,
      note: reviewDecisions.note,
      actorId: reviewDecisions.actorId,
      actorName: users.name,
      createdAt: reviewDecisions.createdAt,
    })
    .from(reviewDecisions)
    .leftJoin(users, eq(users.id, reviewDecisions.actorId))
    .where(and(eq(reviewDecisions.subjectKind, subjectKind), eq(reviewDecisions.subjectId, subjectId)))
    .orderBy(asc(reviewDecisions.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
