import type { Balance, LedgerEntry, LedgerQuery } from '@apm/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, payments, users } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import { orderScope } from './order-queries.js';
import { toLedgerEntry } from './order-detail.js';

/** The ledger of payments and refunds, and the balance it adds up to, within the caller's scope. */
export class LedgerService {
  constructor(private readonly db: Database) {}

  /** One page of payments and refunds, newest first. */
  async page(auth: AuthContext, q: LedgerQuery & { pageNo: number; pageSize: number }) {
    const where = and(
      orderScope(auth),
      q.kind ? eq(payments.kind, q.kind) : undefined,
      q.customerOfficeId ? eq(orders.customerOfficeId, q.customerOfficeId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ payment: payments, recordedByName: users.name, reference: orders.paymentReference })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .leftJoin(users, eq(users.id, payments.recordedBy))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(where),
    ]);
    const list: LedgerEntry[] = rows.map((r) => toLedgerEntry(r, r.reference));
    return { list, count: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /**
   * Per currency: what was paid and refunded (the ledger) and what is owed (orders waiting for
   * payment), for one customer or everyone in the caller's scope.
   */
  async balance(auth: AuthContext, customerOfficeId?: number): Promise<Balance> {
    const where = and(
      orderScope(auth),
      customerOfficeId ? eq(orders.customerOfficeId, customerOfficeId) : undefined,
    );
    const moved = await this.db
      .select({
        currency: payments.currency,
        kind: payments.kind,
        sum: sql<string>`sum(${payments.amountMinor})`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .groupBy(payments.currency, payments.kind);
    const owed = await this.db
      .select({ currency: orders.currency, sum: sql<string>`sum(${orders.totalMinor})` })
      .from(orders)
      .where(and(where, eq(orders.state, 'created')))
      .groupBy(orders.currency);
    const byCurrency = new Map<string, Balance['currencies'][number]>();
    const entry = (currency: string) => {
      let e = byCurrency.get(currency);
      if (!e) {
        e = {
          currency: currency as Balance['currencies'][number]['currency'],
          paidMinor: 0,
          refundedMinor: 0,
          owedMinor: 0,
        };
        byCurrency.set(currency, e);
      }
      return e;
    };
    for (const m of moved) {
      if (m.kind === 'payment') entry(m.currency).paidMinor = Number(m.sum);
      else entry(m.currency).refundedMinor = Number(m.sum);
    }
    for (const o of owed) entry(o.currency).owedMinor = Number(o.sum);
    return {
      customerOfficeId: customerOfficeId ?? null,
      currencies: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  }
}
