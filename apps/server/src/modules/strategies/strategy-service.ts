import {
  strategyProblem,
  type StrategyDetail,
  type StrategyDocument,
  type StrategyPolicy,
  type StrategySaveBody,
} from '@apm/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { strategies, strategyTerminals } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';
import type { StrategyDelivery } from './strategy-delivery.js';
import {
  pageStrategies,
  selectStrategies,
  strategyNotFound,
  strategyScope,
  toDetail,
  type StrategyListFilters,
} from './strategy-queries.js';

const requirePermission = (auth: AuthContext, permission: string) => {
  if (!auth.permissions.has(permission)) throw forbidden(`Requires permission ${permission}`, 'noPermission');
};

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** The document, checked by the contract's rules; 400 naming the field (`document.volume.1.from`). */
function checkedDocument(value: unknown, prefix = 'document'): StrategyDocument {
  const problem = strategyProblem(value, prefix);
  if (problem) throw fieldError(400, problem.field, problem.message);
  return value as StrategyDocument;
}

/** What an update changes. */
interface StrategyChange {
  name?: string;
  description?: string;
  document?: StrategyDocument;
}

/**
 * Terminal strategies: save (create or update, with a revision check), list, detail, delete, and
 * changing the policies (all, or one). A change of policies marks the linked terminals `pending`
 * (they need a send); nothing is sent by itself.
 */
export class StrategyService {
  constructor(
    private readonly db: Database,
    private readonly delivery: StrategyDelivery,
  ) {}

  /** Creates (no id; needs terminal:strategy:add) or updates (needs terminal:strategy:edit) a strategy. */
  async save(auth: AuthContext, input: StrategySaveBody): Promise<StrategyDetail> {
    requirePermission(auth, input.id === undefined ? 'terminal:strategy:add' : 'terminal:strategy:edit');
    const name = input.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is required');
    const description = input.description?.trim();
    if (input.id === undefined) {
      if (input.document === undefined) throw fieldError(400, 'document', 'document is required');
      const document = checkedDocument(input.document);
      const officeId =
        input.officeId === undefined
          ? auth.officeId
          : (await officeInScope(this.db, auth, input.officeId, 'officeId')).id;
      const id = await this.unique(name, async () => {
        const [row] = await this.db
          .insert(strategies)
          .values({
            officeId,
            name,
            description: description ?? '',
            document: document as unknown as Record<string, unknown>,
            createdBy: auth.userId,
            updatedBy: auth.userId,
          })
          .returning({ id: strategies.id });
        return row!.id;
      });
      return this.detail(auth, id);
    }
    if (input.officeId !== undefined)
      throw fieldError(400, 'officeId', 'officeId is only given when creating a strategy');
    const document = input.document === undefined ? undefined : checkedDocument(input.document);
    return this.update(auth, input.id, input.baseRevision, { name, description, document });
  }

  /** Replaces every policy (`saveStrategyDetails`). */
  saveDocument(auth: AuthContext, id: number, document: unknown, baseRevision?: number) {
    return this.update(auth, id, baseRevision, { document: checkedDocument(document) });
  }

  /** Replaces one policy (`saveStrategyDetail`); 400 names `value...` when it is bad. */
  async savePolicy(
    auth: AuthContext,
    id: number,
    policy: StrategyPolicy,
    value: unknown,
    baseRevision?: number,
  ): Promise<StrategyDetail> {
    const current = await this.detail(auth, id);
    const merged = { ...current.document, [policy]: value };
    const problem = strategyProblem(merged);
    if (problem) {
      const field = problem.field.replace(`document.${policy}`, 'value');
      throw fieldError(400, field, problem.message.replace(problem.field, field));
    }
    return this.update(auth, id, baseRevision, { document: merged as StrategyDocument });
  }

  /** One page of the strategies the caller may see. */
  list(auth: AuthContext, q: StrategyListFilters) {
    return pageStrategies(this.db, auth, q);
  }

  /** A strategy with its policies; 404 outside the caller's range. */
  async detail(auth: AuthContext, id: number): Promise<StrategyDetail> {
    const [row] = await selectStrategies(this.db).where(and(eq(strategies.id, id), strategyScope(auth)));
    if (!row) throw strategyNotFound(id);
    return toDetail(row);
  }

  /**
   * Deletes strategies, all or nothing (404 naming the first outside the caller's range): their
   * terminals are unlinked, and those that were sent one are told to drop it.
   */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.db
      .select({ id: strategies.id })
      .from(strategies)
      .where(and(inArray(strategies.id, ids), strategyScope(auth)));
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw strategyNotFound(missing, 'ids');
    const linked = await this.db
      .select({ terminalId: strategyTerminals.terminalId })
      .from(strategyTerminals)
      .where(inArray(strategyTerminals.strategyId, ids));
    await this.delivery.dropFrom(
      auth,
      linked.map((l) => l.terminalId),
    );
    await this.db.delete(strategies).where(inArray(strategies.id, ids));
  }

  private async update(
    auth: AuthContext,
    id: number,
    baseRevision: number | undefined,
    change: StrategyChange,
  ): Promise<StrategyDetail> {
    const before = await this.detail(auth, id);
    const policiesChanged =
      change.document !== undefined && JSON.stringify(change.document) !== JSON.stringify(before.document);
    const updated = await this.unique(change.name ?? before.name, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(strategies)
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.description !== undefined ? { description: change.description } : {}),
            ...(change.document !== undefined
              ? { document: change.document as unknown as Record<string, unknown> }
              : {}),
            revision: sql`${strategies.revision} + 1`,
            updatedBy: auth.userId,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(strategies.id, id),
              strategyScope(auth),
              baseRevision === undefined ? undefined : eq(strategies.revision, baseRevision),
            ),
          )
          .returning({ id: strategies.id });
        if (!row) return false;
        // Terminals hold the old policies until the operator sends the new ones.
        if (policiesChanged) {
          await tx
            .update(strategyTerminals)
            .set({ state: 'pending' })
            .where(and(eq(strategyTerminals.strategyId, id), ne(strategyTerminals.state, 'pending')));
        }
        return true;
      }),
    );
    // Read outside the transaction: PGlite has one connection, which the transaction holds.
    if (!updated) throw await this.saveRefusal(auth, id);
    return this.detail(auth, id);
  }

  /** Runs a write; 409 naming `name` when another strategy of the office has it. */
  private async unique<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict(`name: another strategy of the office is called ${name}`, 'nameTaken', {
        fields: { name: `another strategy of the office is called ${name}` },
      });
    }
  }

  /** Why an update matched no row: out of scope (404), or saved by someone else since (409). */
  private async saveRefusal(auth: AuthContext, id: number): Promise<Error> {
    const [current] = await this.db
      .select({ revision: strategies.revision, updatedAt: strategies.updatedAt })
      .from(strategies)
      .where(and(eq(strategies.id, id), strategyScope(auth)));
    if (!current) return strategyNotFound(id);
    return conflict(
      `The strategy was saved by someone else since you opened it (now revision ${current.revision}); reload it`,
      'strategyConflict',
      {
        field: 'baseRevision',
        fields: { baseRevision: `now revision ${current.revision}` },
        revision: current.revision,
        updatedAt: current.updatedAt.toISOString(),
      },
    );
  }
}
