import { Type, type Static } from 'typebox';
import { NullableSchema as Nullable } from './purchase.js';
import { OrderSummarySchema } from './payment.js';

/**
 * The customer center (`/a/api/customerCenter/overview`): the caller's own institution, its capacity
 * and usage, service end date and recent orders.
 */

/** One capacity: what is used against the quota (null: no quota of its own). */
const UsageSchema = Type.Object({ used: Type.Integer(), quota: Nullable(Type.Integer()) });

export const CustomerOverviewSchema = Type.Object({
  office: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    kind: Type.String(),
    contact: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Nullable(Type.String()),
    /** The agent above it that sells to it, or null when that is the platform. */
    sellerName: Nullable(Type.String()),
  }),
  /** Storage in MiB (used rounded up), and the tenant's quota. */
  storageMb: UsageSchema,
  /** Claimed terminals held against the terminal quota. */
  terminals: UsageSchema,
  /** Last day of the bought service period (YYYY-MM-DD), null when none was bought. */
  serviceEndsOn: Nullable(Type.String()),
  /** Widgets bought in widget packs, fulfilled and not refunded. */
  widgetPackUnits: Type.Integer(),
  recentOrders: Type.Array(OrderSummarySchema),
  /** Which of the caller's pages it may open from here. */
  links: Type.Object({
    brand: Type.Boolean(),
    domain: Type.Boolean(),
    purchase: Type.Boolean(),
    payment: Type.Boolean(),
  }),
});
export type CustomerOverview = Static<typeof CustomerOverviewSchema>;
