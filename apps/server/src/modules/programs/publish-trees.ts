import type { PublishOfficeNode, TerminalGroupNode } from '@apm/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, terminalGroups, terminals } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import {
  hasChildrenSql,
  officeInScope,
  officeVisible,
  seesBelow,
  visibleRootPath,
} from '../offices/office-scope.js';
import { terminalScope } from './terminal-choice.js';

// Raw, fully qualified SQL: drizzle leaves the columns of a single-table select unqualified.
const OWN_COUNT = sql<number>`(select count(*)::int from terminals t where t.office_id = offices.id and t.state = 'claimed')`;
const SUBTREE_COUNT = sql<number>`(select count(*)::int from terminals t inner join offices o2 on o2.id = t.office_id where t.state = 'claimed' and o2.path like offices.path || '%')`;

/** Columns of a {@link PublishOfficeNode}; below the caller's range nothing is counted. */
const nodeColumns = (auth: AuthContext) => ({
  id: offices.id,
  parentId: offices.parentId,
  name: offices.name,
  kind: offices.kind,
  path: offices.path,
  terminalCount: OWN_COUNT,
  totalTerminalCount: seesBelow(auth) ? SUBTREE_COUNT : OWN_COUNT,
  hasChildren: hasChildrenSql(auth),
});

type NodeRow = { [K in keyof ReturnType<typeof nodeColumns>]: unknown } & {
  id: number;
  parentId: number | null;
  name: string;
  kind: string;
  path: string;
};

const toNode = (r: NodeRow): PublishOfficeNode => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  kind: r.kind,
  path: r.path,
  terminalCount: Number(r.terminalCount),
  totalTerminalCount: Number(r.totalTerminalCount),
  hasChildren: r.hasChildren === true || String(r.hasChildren) === 't',
});

/** `officeTreeMap`: every office of the caller's range, flat, parents first, with claimed-terminal counts. */
export async function officeTreeMap(db: Database, auth: AuthContext): Promise<PublishOfficeNode[]> {
  const rows = await db
    .select(nodeColumns(auth))
    .from(offices)
    .where(officeVisible(auth))
    .orderBy(asc(offices.path), asc(offices.sort), asc(offices.id));
  return rows.map(toNode);
}

/** Query of `pageOfficeTreeMap`. */
export interface OfficePageQuery {
  pageNo: number;
  pageSize: number;
  /** Children of this office; absent: the caller's visible root office. */
  parentId?: number;
  /** Offices of the whole range whose name holds this, instead of one level. */
  keyword?: string;
}

/** `pageOfficeTreeMap`: one level of the office tree (or a name search), paged, with terminal counts. */
export async function pageOfficeTreeMap(db: Database, auth: AuthContext, q: OfficePageQuery) {
  const conds: SQL[] = [officeVisible(auth)];
  const keyword = q.keyword?.trim().toLowerCase();
  if (keyword) {
    conds.push(sql`lower(${offices.name}) like ${`%${escapeLike(keyword)}%`}`);
    if (q.parentId !== undefined) {
      const parent = await officeInScope(db, auth, q.parentId, 'parentId');
      conds.push(officesUnder(offices.id, parent.path));
    }
  } else if (q.parentId !== undefined) {
    await officeInScope(db, auth, q.parentId, 'parentId');
    conds.push(eq(offices.parentId, q.parentId));
  } else {
    conds.push(eq(offices.path, visibleRootPath(auth)));
  }
  const where = and(...conds);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offices)
    .where(where);
  const rows = await db
    .select(nodeColumns(auth))
    .from(offices)
    .where(where)
    .orderBy(asc(offices.sort), asc(offices.name), asc(offices.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { list: rows.map(toNode), count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** `groupTreeMap`: terminal groups of the offices in the caller's range (or one office's subtree), nested, with counts. */
export async function groupTreeMap(
  db: Database,
  auth: AuthContext,
  officeId?: number,
): Promise<TerminalGroupNode[]> {
  const conds: SQL[] = [dataScope(auth, terminalGroups.officeId)];
  if (officeId !== undefined) {
    const office = await officeInScope(db, auth, officeId, 'officeId');
    conds.push(officesUnder(terminalGroups.officeId, office.path));
  }
  const groups = await db
    .select({
      id: terminalGroups.id,
      officeId: terminalGroups.officeId,
      parentId: terminalGroups.parentId,
      name: terminalGroups.name,
    })
    .from(terminalGroups)
    .where(and(...conds))
    .orderBy(asc(terminalGroups.sort), asc(terminalGroups.name), asc(terminalGroups.id));
  const counts = await db
    .select({ groupId: terminals.groupId, n: sql<number>`count(*)::int` })
    .from(terminals)
    .where(terminalScope(auth))
    .groupBy(terminals.groupId);
  const nodes = new Map<number, TerminalGroupNode>(
    groups.map((g) => [
      g.id,
      { ...g, terminalCount: Number(counts.find((c) => c.groupId === g.id)?.n ?? 0), children: [] },
    ]),
  );
  const roots: TerminalGroupNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
