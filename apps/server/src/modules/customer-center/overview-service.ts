import type { CustomerOverview } from '@apm/contract';
import { and, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, orders, serviceTerms, terminals } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import type { StorageCapacityService } from '../materials/storage-capacity.js';
import { selectOrders, toOrderSummary } from '../payments/order-queries.js';
import { callerTenant, sellerOf } from '../purchase/sellers.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const MIB = 1024 * 1024;

/** How many recent orders the overview lists. */
export const RECENT_ORDERS = 5;

/**
 * The customer center: the caller's own institution (its tenant root), what it uses of its storage
 * and terminal quotas, its service end date, widgets bought and its latest orders.
 */
export class CustomerOverviewService {
  constructor(
    private readonly db: Database,
    private readonly storage: StorageCapacityService,
  ) {}

  async overview(auth: AuthContext): Promise<CustomerOverview> {
    const office = await callerTenant(this.db, auth);
    const seller = office.kind === 'platform' ? null : await sellerOf(this.db, office).catch(() => null);
    const under = this.db
      .select({ id: offices.id })
      .from(offices)
      .where(like(offices.path, `${escapeLike(office.path)}%`));
    const [held] = await this.db
      .select({ n: count() })
      .from(terminals)
      .where(and(eq(terminals.state, 'claimed'), inArray(terminals.officeId, under)));
    const [term] = await this.db.select().from(serviceTerms).where(eq(serviceTerms.officeId, office.id));
    const [widgets] = await this.db
      .select({ n: sql<string>`coalesce(sum(${orders.units} * ${orders.quantity}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.customerOfficeId, office.id),
          eq(orders.serviceKind, 'widgetPack'),
          eq(orders.state, 'fulfilled'),
        ),
      );
    const recent = await selectOrders(this.db)
      .where(eq(orders.customerOfficeId, office.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS);
    const usedBytes = await this.storage.usedUnder(office.path);
    return {
      office: {
        id: office.id,
        name: office.name,
        kind: office.kind,
        contact: office.contact,
        phone: office.phone,
        address: office.address,
        sellerName: seller && seller.kind === 'agent' ? seller.name : null,
      },
      storageMb: { used: Math.ceil(usedBytes / MIB), quota: office.storageQuotaMb },
      terminals: { used: Number(held?.n ?? 0), quota: office.terminalQuota },
      serviceEndsOn: term?.endsOn ?? null,
      widgetPackUnits: Number(widgets?.n ?? 0),
      recentOrders: recent.map(toOrderSummary),
      links: {
        brand: auth.permissions.has('sys:personalized:view'),
        domain: auth.permissions.has('sys:domain:view'),
        purchase: auth.permissions.has('service:purchase:view'),
        payment: auth.permissions.has('service:payment:view'),
      },
    };
  }
}
