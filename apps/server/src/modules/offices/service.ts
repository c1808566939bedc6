import type { OfficeDetail, OfficeNode, OfficeSearchHit } from '@apm/contract';
import { OFFICE_NAME_MAX } from '@apm/contract';
import { and, asc, eq, ilike, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeZone, zoneInput } from '../plans/time-zones.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { agentList, openAgent } from './agents.js';
import { assertMoveFits, type Capacity } from './capacity.js';
import { officeDeleteBlockers } from './delete-checks.js';
import {
  nodeColumns,
  officeInScope,
  officeVisible,
  pathIds,
  toNode,
  visibleRootPath,
  type OfficeRow,
} from './office-scope.js';

/** The plain fields of an office save. */
export interface OfficeFields {
  name: string;
  sort?: number;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  remarks?: string | null;
}

/** Input of save: no id creates under `parentId`; an id edits (and moves when `parentId` changes). */
export interface OfficeSaveInput extends OfficeFields {
  id?: number;
  parentId?: number;
  /** IANA zone of its terminals' plans; null clears it, absent leaves it. */
  timeZone?: string | null;
}

const LIMITS = { contact: 100, phone: 40, address: 300, remarks: 1000 } as const;
const PHONE_PATTERN = /^[0-9+\-() ]{3,40}$/;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Checks and normalises the plain fields; one 400 naming every bad field. */
export function validateOfficeFields(input: OfficeFields) {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) errors.name = 'name is required';
  else if (name.length > OFFICE_NAME_MAX) errors.name = `name must be at most ${OFFICE_NAME_MAX} characters`;
  const text = (field: keyof typeof LIMITS) => {
    const value = input[field]?.trim() || null;
    if (value && value.length > LIMITS[field]) {
      errors[field] = `${field} must be at most ${LIMITS[field]} characters`;
    }
    return value;
  };
  const out = {
    name,
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    remarks: text('remarks'),
  };
  if (out.phone && !errors.phone && !PHONE_PATTERN.test(out.phone)) {
    errors.phone = 'phone must be 3–40 digits, +, -, ( ) or spaces';
  }
  if (Object.keys(errors).length) {
    throw badRequest(Object.values(errors).join('; '), 'validation', { fields: errors });
  }
  return out;
}

/** An office row as the detail query reads it. */
type DetailRow = OfficeRow & { hasChildren: boolean; parentName: string | null; timeZone: string | null };

/** An office row as the form shows it, with the zone it would inherit. */
const toDetail = (r: DetailRow, inheritedTimeZone: string): OfficeDetail => ({
  ...toNode(r),
  parentName: r.parentName,
  contact: r.contact,
  phone: r.phone,
  address: r.address,
  remarks: r.remarks,
  storageQuotaMb: r.storageQuotaMb,
  terminalQuota: r.terminalQuota,
  timeZone: r.timeZone,
  inheritedTimeZone,
  effectiveTimeZone: r.timeZone ?? inheritedTimeZone,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Institution tree: offices, agents and customers, moves and deletion checks. */
export class OfficeService {
  /** `defaultZone`: the server's time zone, which applies where no office up the tree names one. */
  constructor(
    private readonly db: Database,
    private readonly defaultZone: string,
  ) {}

  /** The caller's visible root(s): their tenant root for range `all`, else their own office. */
  async roots(auth: AuthContext): Promise<OfficeNode[]> {
    const rows = await this.db
      .select(nodeColumns(auth))
      .from(offices)
      .where(and(eq(offices.path, visibleRootPath(auth)), officeVisible(auth)));
    return rows.map(toNode);
  }

  /** The children of an office in the caller's range (404 when the office is not), by sort then name. */
  async children(auth: AuthContext, parentId: number, field = 'parentId'): Promise<OfficeNode[]> {
    await officeInScope(this.db, auth, parentId, field);
    const rows = await this.db
      .select(nodeColumns(auth))
      .from(offices)
      .where(and(eq(offices.parentId, parentId), officeVisible(auth)))
      .orderBy(asc(offices.sort), asc(offices.name), asc(offices.id));
    return rows.map(toNode);
  }

  /** Offices in the caller's range whose name contains `name` (case-insensitive), at most 50. */
  async search(auth: AuthContext, name: string): Promise<OfficeSearchHit[]> {
    const term = name.trim();
    if (!term) return [];
    const rows = await this.db
      .select(nodeColumns(auth))
      .from(offices)
      .where(and(ilike(offices.name, `%${escapeLike(term)}%`), officeVisible(auth)))
      .orderBy(asc(offices.path))
      .limit(50);
    return this.withPathNames(auth, rows.map(toNode));
  }

  /** One office of the caller's range with the names along its path. */
  async node(auth: AuthContext, id: number): Promise<OfficeSearchHit> {
    await officeInScope(this.db, auth, id);
    const rows = await this.db.select(nodeColumns(auth)).from(offices).where(eq(offices.id, id));
    return (await this.withPathNames(auth, rows.map(toNode)))[0]!;
  }

  /** Adds the names from the caller's visible root down to each node. */
  private async withPathNames(auth: AuthContext, rows: OfficeNode[]): Promise<OfficeSearchHit[]> {
    const rootDepth = pathIds(visibleRootPath(auth)).length - 1;
    const ids = [...new Set(rows.flatMap((r) => pathIds(r.path).slice(rootDepth)))];
    const names = ids.length
      ? await this.db
          .select({ id: offices.id, name: offices.name })
          .from(offices)
          .where(inArray(offices.id, ids))
      : [];
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    return rows.map((r) => ({
      ...toNode(r),
      pathNames: pathIds(r.path)
        .slice(Math.max(rootDepth, 0))
        .map((id) => nameOf.get(id) ?? ''),
    }));
  }

  /** One office with every form field. */
  async detail(auth: AuthContext, id: number): Promise<OfficeDetail> {
    await officeInScope(this.db, auth, id);
    const [row] = await this.db
      .select({
        ...nodeColumns(auth),
        ...{
          contact: offices.contact,
          phone: offices.phone,
          address: offices.address,
          remarks: offices.remarks,
          storageQuotaMb: offices.storageQuotaMb,
          terminalQuota: offices.terminalQuota,
          timeZone: offices.timeZone,
          createdAt: offices.createdAt,
          updatedAt: offices.updatedAt,
        },
        parentName: sql<string | null>`(select p.name from offices p where p.id = offices.parent_id)`,
      })
      .from(offices)
      .where(eq(offices.id, id));
    const detail = row as DetailRow;
    // What its terminals get without its own zone: the parent's effective zone (the server's at the top).
    const parentPath = detail.path.replace(/\d+\/$/, '');
    const inherited =
      detail.parentId === null ? this.defaultZone : await officeZone(this.db, parentPath, this.defaultZone);
    return toDetail(detail, inherited);
  }

  /** Creates (sys:office:add) a plain office under `parentId`, or edits (sys:office:edit) one. */
  async save(auth: AuthContext, input: OfficeSaveInput): Promise<{ id: number }> {
    const zone = zoneInput(input.timeZone);
    const fields = { ...validateOfficeFields(input), ...(zone !== undefined ? { timeZone: zone } : {}) };
    const sort = input.sort ?? 0;
    if (input.id === undefined) {
      requirePermission(auth, 'sys:office:add');
      if (input.parentId === undefined) throw fieldError(400, 'parentId', 'parentId is required');
      const parent = await officeInScope(this.db, auth, input.parentId, 'parentId');
      return this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(offices)
          .values({ ...fields, sort, kind: 'office', parentId: parent.id })
          .returning({ id: offices.id });
        await tx
          .update(offices)
          .set({ path: `${parent.path}${row!.id}/` })
          .where(eq(offices.id, row!.id));
        return { id: row!.id };
      });
    }
    requirePermission(auth, 'sys:office:edit');
    const office = await officeInScope(this.db, auth, input.id);
    if (input.parentId !== undefined && input.parentId !== office.parentId) {
      await this.move(auth, office.id, input.parentId);
    }
    await this.db
      .update(offices)
      .set({ ...fields, sort, updatedAt: new Date() })
      .where(eq(offices.id, office.id));
    return { id: office.id };
  }

  /**
   * Deletes an office (sys:office:delete): refused while anything still belongs to it (child offices,
   * users, roles, and whatever other modules registered); never the caller's own office or tenant root.
   */
  async delete(auth: AuthContext, id: number): Promise<void> {
    const office = await officeInScope(this.db, auth, id);
    if (office.kind === 'platform' || office.path === auth.tenantPath || office.id === auth.officeId) {
      throw forbidden(
        `${office.name} cannot be deleted: it is your own office or the root of your institutions`,
        'officeProtected',
      );
    }
    await this.db.transaction(async (tx) => {
      const blockers = await officeDeleteBlockers(tx as unknown as Database, office.id);
      if (blockers.length) {
        const what = blockers.map((b) => `${b.count} ${b.label}`).join(', ');
        throw new AppError(409, `${office.name} cannot be deleted: it still has ${what}`, 'officeNotEmpty', {
          blockers,
        });
      }
      await tx.delete(offices).where(eq(offices.id, office.id));
    });
  }

  /**
   * Moves an office (and its subtree) under a new parent in the caller's range, rewriting the
   * materialised paths of the whole subtree in one transaction. Refuses cycles (under itself or its
   * subtree), moving a tenant root the caller stands in, and agents/customers under anything but
   * the platform or an agent.
   */
  async move(auth: AuthContext, id: number, parentId: number): Promise<void> {
    const office = await officeInScope(this.db, auth, id);
    const parent = await officeInScope(this.db, auth, parentId, 'parentId');
    if (parent.path.startsWith(office.path)) {
      throw fieldError(
        400,
        'parentId',
        `${office.name} cannot be moved under itself or one of its own sub-offices`,
        'moveCycle',
      );
    }
    if (office.kind === 'platform' || auth.officePath.startsWith(office.path)) {
      throw forbidden(`${office.name} cannot be moved: your own office lies in it`, 'officeProtected');
    }
    if (
      (office.kind === 'agent' || office.kind === 'customer') &&
      !['platform', 'agent'].includes(parent.kind)
    ) {
      throw fieldError(
        400,
        'parentId',
        `An ${office.kind} can only be placed under the platform or an agent`,
        'badParentKind',
      );
    }
    if (office.parentId === parent.id) return;
    await assertMoveFits(this.db, office, parent);
    const newPath = `${parent.path}${office.id}/`;
    await this.db.transaction(async (tx) => {
      await tx
        .update(offices)
        .set({ parentId: parent.id, updatedAt: new Date() })
        .where(eq(offices.id, office.id));
      await tx
        .update(offices)
        .set({ path: sql`${newPath} || substr(${offices.path}, ${office.path.length + 1})` })
        .where(like(offices.path, `${escapeLike(office.path)}%`));
    });
  }

  /** Offices that may become agents, and agents, below the caller's tenant root (paged). */
  agentList(auth: AuthContext, q: Parameters<typeof agentList>[2]) {
    return agentList(this.db, auth, q);
  }

  /** Turns an office into an agent with a capacity (see {@link openAgent}). */
  openAgent(auth: AuthContext, id: number, capacity: Capacity): Promise<void> {
    return openAgent(this.db, auth, id, capacity);
  }
}
