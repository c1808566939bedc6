import type { CustomerInfo, CustomerItem, OfficeNode } from '@apm/contract';
import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { customerBrands, offices } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { allocatedBelow, assertCapacityFits, directTenants, type Capacity } from '../offices/capacity.js';
import {
  officeInScope,
  officeVisible,
  seesBelow,
  tenantRootOf,
  visibleRootPath,
  type OfficeRow,
} from '../offices/office-scope.js';
import { validateOfficeFields, type OfficeFields } from '../offices/service.js';
import type { SettingsService } from '../settings/service.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { CustomerBrandAdmin } from './customer-brand-admin.js';

/** Permissions any of which lets a caller read the customer lists. */
export const CUSTOMER_READ = [
  'sys:customer:view',
  'sys:domain:view',
  'sys:agent:view',
  'sys:office:view',
  'customer:center:view',
] as const;

/** 403 unless the caller holds one of `permissions`. */
export function requireAny(auth: AuthContext, permissions: readonly string[]): void {
  if (permissions.some((p) => auth.permissions.has(p))) return;
  requirePermission(auth, permissions[0]!);
}

/** A customer save: no id creates under `parentId` (platform or agent). */
export interface CustomerSaveInput extends OfficeFields, Capacity {
  id?: number;
  parentId?: number;
}

const parent = alias(offices, 'parent_office');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const TENANT = ['agent', 'customer'] as const;

/** Users in the office's subtree (paths hold only digits and slashes: no LIKE escaping needed). */
const userCount = sql<number>`(select count(*) from users u join offices uo on uo.id = u.office_id where uo.path like offices.path || '%')`;

const itemColumns = {
  id: offices.id,
  parentId: offices.parentId,
  parentName: parent.name,
  name: offices.name,
  kind: offices.kind,
  path: offices.path,
  storageQuotaMb: offices.storageQuotaMb,
  terminalQuota: offices.terminalQuota,
  userCount,
  brandEnabled: sql<boolean>`coalesce(${customerBrands.enabled}, false)`,
  domainName: customerBrands.domainName,
  createdAt: offices.createdAt,
};

type ItemRow = Omit<CustomerItem, 'createdAt'> & { createdAt: Date };
const toItem = (r: ItemRow): CustomerItem => ({
  ...r,
  userCount: Number(r.userCount),
  brandEnabled: r.brandEnabled === true || String(r.brandEnabled) === 't',
  createdAt: r.createdAt.toISOString(),
});

/** Customers (tenants): lists, lazy tree, details, creation with capacity; brand and domain via {@link brand}. */
export class CustomerService {
  readonly brand: CustomerBrandAdmin;

  constructor(
    private readonly db: Database,
    settings: SettingsService,
  ) {
    this.brand = new CustomerBrandAdmin(db, settings);
  }

  /** Agents and customers strictly below the caller's tenant root, searched and paged on the server. */
  async search(
    auth: AuthContext,
    q: { pageNo: number; pageSize: number; name?: string; kind?: 'agent' | 'customer'; domain?: string },
  ) {
    requireAny(auth, CUSTOMER_READ);
    const where = and(
      officeVisible(auth),
      ne(offices.path, auth.tenantPath),
      q.kind ? eq(offices.kind, q.kind) : inArray(offices.kind, [...TENANT]),
      q.name?.trim() ? ilike(offices.name, `%${escapeLike(q.name.trim())}%`) : undefined,
      q.domain?.trim() ? ilike(customerBrands.domainName, `%${escapeLike(q.domain.trim())}%`) : undefined,
    );
    const [total] = await this.db
      .select({ n: count() })
      .from(offices)
      .leftJoin(customerBrands, eq(customerBrands.officeId, offices.id))
      .where(where);
    const rows = await this.db
      .select(itemColumns)
      .from(offices)
      .leftJoin(parent, eq(parent.id, offices.parentId))
      .leftJoin(customerBrands, eq(customerBrands.officeId, offices.id))
      .where(where)
      .orderBy(asc(offices.name), asc(offices.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return { list: rows.map(toItem), count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /**
   * The lazy customer tree: without `id` the caller's visible root, with `id` the agents and customers
   * directly below it (in the capacity sense: no other agent/customer between).
   */
  async tree(auth: AuthContext, id?: number): Promise<OfficeNode[]> {
    requireAny(auth, CUSTOMER_READ);
    const owners: OfficeRow[] = [];
    if (id === undefined) {
      const [root] = await this.db
        .select()
        .from(offices)
        .where(and(eq(offices.path, visibleRootPath(auth)), officeVisible(auth)));
      if (root) owners.push(root);
    } else {
      const office = await officeInScope(this.db, auth, id);
      if (seesBelow(auth)) owners.push(...(await directTenants(this.db, office)));
    }
    const nodes = await Promise.all(
      owners.map(async (o) => ({
        id: o.id,
        parentId: id === undefined ? o.parentId : id,
        name: o.name,
        kind: o.kind,
        path: o.path,
        sort: o.sort,
        hasChildren: seesBelow(auth) && (await directTenants(this.db, o)).length > 0,
      })),
    );
    return nodes.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
  }

  /** One agent or customer in the caller's range, or 404 naming `field`. */
  async customerInScope(auth: AuthContext, id: number, field = 'id'): Promise<OfficeRow> {
    const office = await officeInScope(this.db, auth, id, field);
    if (office.kind !== 'customer' && office.kind !== 'agent') {
      throw fieldError(404, field, `${field}: no such customer within your data range (${id})`, 'notFound');
    }
    return office;
  }

  /** A customer's details: capacity, what it handed out, user count, brand and domain. */
  async info(auth: AuthContext, id: number): Promise<CustomerInfo> {
    requireAny(auth, [...CUSTOMER_READ, 'sys:personalized:view']);
    const office = await this.customerInScope(auth, id);
    const [row] = await this.db
      .select({
        ...itemColumns,
        contact: offices.contact,
        phone: offices.phone,
        address: offices.address,
        remarks: offices.remarks,
      })
      .from(offices)
      .leftJoin(parent, eq(parent.id, offices.parentId))
      .leftJoin(customerBrands, eq(customerBrands.officeId, offices.id))
      .where(eq(offices.id, office.id));
    const { contact, phone, address, remarks, ...item } = row!;
    return {
      ...toItem(item as ItemRow),
      contact,
      phone,
      address,
      remarks,
      brand: await this.brand.brandOf(office.id),
      allocated: await allocatedBelow(this.db, office),
    };
  }

  /**
   * Creates a customer under the platform or an agent (sys:office:add), or edits one below the
   * caller's own tenant root (sys:office:edit). The capacity must fit in the remaining capacity of the
   * agent above when that has a quota, and not fall below what the customer handed out itself.
   */
  async save(auth: AuthContext, input: CustomerSaveInput): Promise<{ id: number }> {
    const fields = validateOfficeFields(input);
    const capacity = { storageQuotaMb: input.storageQuotaMb, terminalQuota: input.terminalQuota };
    if (input.id === undefined) {
      requirePermission(auth, 'sys:office:add');
      if (input.parentId === undefined) throw fieldError(400, 'parentId', 'parentId is required');
      const owner = await officeInScope(this.db, auth, input.parentId, 'parentId');
      if (owner.kind !== 'platform' && owner.kind !== 'agent') {
        throw fieldError(
          400,
          'parentId',
          'A customer can only be created under the platform or an agent',
          'badParentKind',
        );
      }
      await assertCapacityFits(this.db, owner, null, capacity);
      return this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(offices)
          .values({ ...fields, ...capacity, sort: input.sort ?? 0, kind: 'customer', parentId: owner.id })
          .returning({ id: offices.id });
        await tx
          .update(offices)
          .set({ path: `${owner.path}${row!.id}/` })
          .where(eq(offices.id, row!.id));
        return { id: row!.id };
      });
    }
    requirePermission(auth, 'sys:office:edit');
    const office = await this.customerInScope(auth, input.id);
    assertBelowOwnRoot(auth, office);
    const owner = await tenantRootOf(this.db, office.path.slice(0, -`${office.id}/`.length));
    await assertCapacityFits(this.db, owner, office, capacity);
    await this.db
      .update(offices)
      .set({ ...fields, ...capacity, sort: input.sort ?? office.sort, updatedAt: new Date() })
      .where(eq(offices.id, office.id));
    return { id: office.id };
  }
}

/** Refuses changes to the caller's own tenant root (a customer never sets its own capacity or switch). */
export function assertBelowOwnRoot(auth: AuthContext, office: OfficeRow): void {
  if (office.path === auth.tenantPath || auth.tenantPath.startsWith(office.path)) {
    throw forbidden(
      `${office.name} is your own institution: only an institution above it may change this`,
      'ownTenant',
    );
  }
}
