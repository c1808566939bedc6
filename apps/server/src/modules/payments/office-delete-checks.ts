import { count, eq, or } from 'drizzle-orm';
import { orders, serviceProducts } from '../../db/schema/index.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';

/**
 * An institution that bought or sold (its orders, ledger and invoices are records to keep), or
 * whose catalogue still has services, is not deleted: the office service refuses with 409 naming
 * them instead of failing on the foreign keys.
 */
registerOfficeDeleteCheck({
  key: 'orders',
  label: 'orders',
  count: async (db, officeId) =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(orders)
          .where(or(eq(orders.customerOfficeId, officeId), eq(orders.sellerOfficeId, officeId)))
      )[0]?.n ?? 0,
    ),
});

registerOfficeDeleteCheck({
  key: 'services',
  label: 'services in its catalogue',
  count: async (db, officeId) =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(serviceProducts)
          .where(eq(serviceProducts.sellerOfficeId, officeId))
      )[0]?.n ?? 0,
    ),
});
