import { and, count, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { orders } from '../../db/schema/index.js';
import { offices, serviceTerms, terminals, type OrderGrant } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { allocatedBelow } from '../offices/capacity.js';
import { pathIds, type OfficeRow } from '../offices/office-scope.js';

/** A transaction handle. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Order = typeof orders.$inferSelect;

/** Bytes of storage used under an office path (materials and running uploads). */
export type StorageUsage = (path: string) => Promise<number>;

const QUOTA_FIELDS = {
  storage: { field: 'storageQuotaMb', unit: 'MiB of storage' },
  terminalLicence: { field: 'terminalQuota', unit: 'terminals' },
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `YYYY-MM-DD` of a date in UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A day moved by whole months, the day of month kept where the month has it (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return isoDay(target);
}

/** The buyer and the nearest agent or platform above it, both locked for the change. */
async function lockBuyerAndOwner(
  tx: Tx,
  buyerId: number,
): Promise<{ buyer: OfficeRow; owner: OfficeRow | undefined }> {
  const [buyer] = await tx.select().from(offices).where(eq(offices.id, buyerId)).for('update');
  if (!buyer) throw new AppError(409, `The customer of this order no longer exists`, 'noCustomer');
  const above = pathIds(buyer.path).slice(0, -1);
  // Locked top-down, the order every capacity change takes, so that two changes never wait on each other.
  const rows = above.length
    ? await tx.select().from(offices).where(inArray(offices.id, above)).orderBy(offices.path).for('update')
    : [];
  const owner = [...rows]
    .reverse()
    .find((r) => r.kind === 'agent' || r.kind === 'platform' || r.kind === 'customer');
  return { buyer, owner };
}

/**
 * Raises what the order bought, in the caller's transaction: a quota (storage MiB, terminals) by
 * units × quantity — refused (409) when the buyer has no quota of its own or the owner above it has
 * not that much left to hand out — the service end date by months, or records widgets. Answers what
 * was raised.
 */
export async function applyGrant(tx: Tx, order: Order): Promise<OrderGrant> {
  const amount = order.units * order.quantity;
  const { buyer, owner } = await lockBuyerAndOwner(tx, order.customerOfficeId);
  if (order.serviceKind === 'storage' || order.serviceKind === 'terminalLicence') {
    const { field, unit } = QUOTA_FIELDS[order.serviceKind];
    const current = buyer[field];
    if (current === null) {
      throw new AppError(
        409,
        `${buyer.name} has no ${field} of its own (not limited): there is nothing to raise`,
        'noQuota',
        {
          field,
        },
      );
    }
    const raised = current + amount;
    const ownerQuota = owner?.[field] ?? null;
    if (owner && ownerQuota !== null) {
      const handedOut = (await allocatedBelow(tx, owner, buyer))[field];
      const remaining = Math.max(0, ownerQuota - handedOut);
      if (raised > remaining) {
        throw new AppError(
          409,
          `${owner.name} has ${remaining} ${unit} left to hand out; raising ${buyer.name} to ${raised} needs more`,
          'capacityExceeded',
          { field, officeId: owner.id, remaining, needed: raised },
        );
      }
    }
    await tx
      .update(offices)
      .set({ [field]: raised, updatedAt: new Date() })
      .where(eq(offices.id, buyer.id));
    return { [field]: amount };
  }
  if (order.serviceKind === 'servicePeriod') {
    const [term] = await tx
      .select()
      .from(serviceTerms)
      .where(eq(serviceTerms.officeId, buyer.id))
      .for('update');
    const today = isoDay(new Date());
    const from = term && term.endsOn > today ? term.endsOn : today;
    const endsOn = addMonths(from, amount);
    await tx
      .insert(serviceTerms)
      .values({ officeId: buyer.id, endsOn })
      .onConflictDoUpdate({ target: serviceTerms.officeId, set: { endsOn, updatedAt: new Date() } });
    return { serviceMonths: amount, serviceEndsBefore: term?.endsOn ?? null, serviceEndsAfter: endsOn };
  }
  return { widgets: amount };
}

/** Claimed terminals held in the subtree at `path`. */
async function terminalsHeld(tx: Tx, path: string): Promise<number> {
  const under = tx
    .select({ id: offices.id })
    .from(offices)
    .where(like(offices.path, `${escapeLike(path)}%`));
  const [row] = await tx
    .select({ n: count() })
    .from(terminals)
    .where(and(eq(terminals.state, 'claimed'), inArray(terminals.officeId, under)));
  return Number(row?.n ?? 0);
}

/**
 * Takes back what fulfilment raised, in the caller's transaction, or refuses (409 naming why) when
 * the buyer already uses more than would be left: storage used, terminals held, or capacity it
 * handed out to its own customers. A service period is shortened by its months.
 */
export async function reverseGrant(tx: Tx, order: Order, storageUsed: StorageUsage): Promise<void> {
  const grant = order.grant ?? {};
  const { buyer } = await lockBuyerAndOwner(tx, order.customerOfficeId);
  for (const kind of ['storage', 'terminalLicence'] as const) {
    const { field, unit } = QUOTA_FIELDS[kind];
    const raised = grant[field];
    if (!raised) continue;
    const current = buyer[field] ?? 0;
    const lowered = current - raised;
    const inUse =
      field === 'storageQuotaMb'
        ? Math.ceil((await storageUsed(buyer.path)) / (1024 * 1024))
        : await terminalsHeld(tx, buyer.path);
    const handedOut = (await allocatedBelow(tx, buyer))[field];
    const needed = Math.max(inUse, handedOut);
    if (lowered < needed) {
      const why =
        inUse >= handedOut ? `uses ${inUse} ${unit}` : `handed ${handedOut} ${unit} out to its own customers`;
      throw new AppError(
        409,
        `The refund would lower ${buyer.name} to ${Math.max(0, lowered)} ${unit}, but it ${why}: free that first`,
        'capacityInUse',
        { field, needed, lowered },
      );
    }
    await tx
      .update(offices)
      .set({ [field]: lowered, updatedAt: new Date() })
      .where(eq(offices.id, buyer.id));
  }
  if (grant.serviceMonths) {
    const [term] = await tx
      .select()
      .from(serviceTerms)
      .where(eq(serviceTerms.officeId, buyer.id))
      .for('update');
    if (term) {
      const endsOn = addMonths(term.endsOn, -grant.serviceMonths);
      await tx
        .update(serviceTerms)
        .set({ endsOn, updatedAt: new Date() })
        .where(eq(serviceTerms.officeId, buyer.id));
    }
  }
}
