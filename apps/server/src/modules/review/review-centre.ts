import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materials, messages, plans, programs, type ReviewSubjectKind } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { reviewHistory, type ReviewHistoryRow } from './review-history.js';

/** Waiting items per kind; a kind the caller may not review is absent. */
export type PendingCounts = Partial<Record<ReviewSubjectKind, number>>;

const TABLES = { material: materials, program: programs, plan: plans, message: messages } as const;

/** Rows of a kind in the caller's data range (messages in the recycle bin are not reviewed). */
function scopeOf(auth: AuthContext, kind: ReviewSubjectKind): SQL {
  const table = TABLES[kind];
  const scope = dataScope(auth, table.officeId, table.createdBy);
  return kind === 'message' ? and(scope, isNull(messages.deletedAt))! : scope;
}

/**
 * The review centre across kinds: how many items wait for the caller (the menu's badge) and the
 * history of one item's review (who, when, which revision, what note).
 */
export class ReviewCentreService {
  constructor(private readonly db: Database) {}

  /** Pending items of each kind the caller may view in review, in their data range. */
  async pendingCounts(auth: AuthContext): Promise<PendingCounts> {
    const out: PendingCounts = {};
    for (const kind of Object.keys(TABLES) as ReviewSubjectKind[]) {
      if (!auth.permissions.has(`review:${kind}:view`)) continue;
      const table = TABLES[kind];
      const [row] = await this.db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.reviewState, 'pending'), scopeOf(auth, kind)));
      out[kind] = Number(row?.n ?? 0);
    }
    return out;
  }

  /**
   * The review history of an item: to its reviewers (review view of its kind) and to those who may
   * see it in their range; 403 without either permission, 404 outside the caller's range.
   */
  async history(auth: AuthContext, kind: ReviewSubjectKind, id: number): Promise<ReviewHistoryRow[]> {
    if (!auth.permissions.has(`review:${kind}:view`) && !mayViewOwn(auth, kind)) {
      throw forbidden(`Requires permission review:${kind}:view`, 'noPermission');
    }
    const table = TABLES[kind];
    const [row] = await this.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), dataScope(auth, table.officeId, table.createdBy)));
    if (!row) throw fieldError(404, 'id', `No ${kind} ${id} in your scope`, 'notFound');
    return reviewHistory(this.db, kind, id);
  }
}

/** The permission that lets a maker see their own items of a kind (and so their review history). */
const MAKER_VIEW: Record<ReviewSubjectKind, string> = {
  material: 'res:material:view',
  program: 'program:make:view',
  plan: 'plan:list:view',
  message: 'message:list:view',
};

function mayViewOwn(auth: AuthContext, kind: ReviewSubjectKind): boolean {
  return auth.permissions.has(MAKER_VIEW[kind]);
}
