import type { TerminalGroupNode } from '@apm/contract';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminalGroups, terminals } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { groupInScope, groupScope, groupWithDescendants } from './group-queries.js';

/** Longest group name. */
export const GROUP_NAME_MAX = 100;

/** What saving a group takes: no id creates in `officeId`; an id renames (and moves when `parentId` is given). */
export interface GroupSaveInput {
  id?: number;
  officeId?: number;
  parentId?: number | null;
  name: string;
}

/** Terminal groups: a tree per office, names unique among siblings, deleted only when empty. */
export class TerminalGroupService {
  constructor(private readonly db: Database) {}

  /** The groups of an office in scope (or every group in scope) as trees, with direct terminal counts. */
  async tree(auth: AuthContext, officeId?: number): Promise<TerminalGroupNode[]> {
    if (officeId !== undefined) await officeInScope(this.db, auth, officeId, 'officeId');
    const rows = await this.db
      .select({
        id: terminalGroups.id,
        officeId: terminalGroups.officeId,
        parentId: terminalGroups.parentId,
        name: terminalGroups.name,
        // Raw, fully qualified: drizzle leaves columns of a single-table select unqualified.
        terminalCount: sql<number>`(select count(*)::int from terminals t where t.group_id = terminal_groups.id)`,
      })
      .from(terminalGroups)
      .where(
        and(groupScope(auth), officeId !== undefined ? eq(terminalGroups.officeId, officeId) : undefined),
      )
      .orderBy(asc(terminalGroups.sort), asc(terminalGroups.name), asc(terminalGroups.id));
    const nodes = new Map<number, TerminalGroupNode>(
      rows.map((r) => [r.id, { ...r, terminalCount: Number(r.terminalCount), children: [] }]),
    );
    const roots: TerminalGroupNode[] = [];
    for (const node of nodes.values()) {
      // A group whose parent is out of scope shows as a root.
      const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** Creates (terminal:monitor:add) or renames/moves (terminal:monitor:edit) a group; 409 on a sibling's name. */
  async save(auth: AuthContext, input: GroupSaveInput): Promise<{ id: number }> {
    const name = input.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is required');
    if (name.length > GROUP_NAME_MAX) {
      throw fieldError(400, 'name', `name must be at most ${GROUP_NAME_MAX} characters`);
    }
    if (input.id !== undefined) {
      requirePermission(auth, 'terminal:monitor:edit');
      const group = await groupInScope(this.db, auth, input.id);
      let parentId = group.parentId;
      if (input.parentId !== undefined && input.parentId !== group.parentId) {
        parentId = input.parentId;
        if (parentId !== null) {
          const parent = await groupInScope(this.db, auth, parentId, 'parentId');
          if (parent.officeId !== group.officeId) {
            throw fieldError(400, 'parentId', 'parentId: a group can only move within its own office');
          }
          if ((await groupWithDescendants(this.db, group)).includes(parentId)) {
            throw fieldError(400, 'parentId', 'parentId: a group cannot move into itself or a subgroup');
          }
        }
      }
      await this.assertNameFree(group.officeId, parentId, name, group.id);
      await this.db
        .update(terminalGroups)
        .set({ name, parentId, updatedAt: new Date() })
        .where(eq(terminalGroups.id, group.id));
      return { id: group.id };
    }
    requirePermission(auth, 'terminal:monitor:add');
    const parentId = input.parentId ?? null;
    let officeId: number;
    if (parentId !== null) {
      officeId = (await groupInScope(this.db, auth, parentId, 'parentId')).officeId;
      if (input.officeId !== undefined && input.officeId !== officeId) {
        throw fieldError(400, 'parentId', 'parentId: the parent group belongs to another office');
      }
    } else {
      if (input.officeId === undefined) throw fieldError(400, 'officeId', 'officeId is required');
      officeId = (await officeInScope(this.db, auth, input.officeId, 'officeId')).id;
    }
    await this.assertNameFree(officeId, parentId, name);
    const [row] = await this.db
      .insert(terminalGroups)
      .values({ officeId, parentId, name })
      .returning({ id: terminalGroups.id });
    return { id: row!.id };
  }

  /** Deletes an empty group; 409 while it holds subgroups or terminals. */
  async delete(auth: AuthContext, id: number): Promise<void> {
    const group = await groupInScope(this.db, auth, id);
    await this.db.transaction(async (tx) => {
      const [subgroups] = await tx
        .select({ n: count() })
        .from(terminalGroups)
        .where(eq(terminalGroups.parentId, group.id));
      const [held] = await tx.select({ n: count() }).from(terminals).where(eq(terminals.groupId, group.id));
      const what = [
        Number(subgroups?.n) ? `${subgroups!.n} group(s)` : '',
        Number(held?.n) ? `${held!.n} terminal(s)` : '',
      ].filter(Boolean);
      if (what.length) {
        throw new AppError(
          409,
          `${group.name} is not empty: it holds ${what.join(' and ')}`,
          'groupNotEmpty',
        );
      }
      await tx.delete(terminalGroups).where(eq(terminalGroups.id, group.id));
    });
  }

  private async assertNameFree(officeId: number, parentId: number | null, name: string, exceptId?: number) {
    const [taken] = await this.db
      .select({ id: terminalGroups.id })
      .from(terminalGroups)
      .where(
        and(
          eq(terminalGroups.officeId, officeId),
          parentId === null ? isNull(terminalGroups.parentId) : eq(terminalGroups.parentId, parentId),
          sql`lower(${terminalGroups.name}) = ${name.toLowerCase()}`,
          exceptId !== undefined ? ne(terminalGroups.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) {
      throw new AppError(409, `A group named ${name} already exists here`, 'duplicateName', {
        fields: { name: `A group named ${name} already exists here` },
      });
    }
  }
}
