import { Type, type Static } from 'typebox';
import { CURRENCIES } from './commerce.js';
import {
  BankDetailsSchema,
  IdSchema,
  MoneySchema,
  NullableSchema as Nullable,
  SERVICE_KINDS,
} from './purchase.js';

/**
 * Console calls of the payment centre (`/a/api/payment/...`): orders and their history, payment
 * by bank transfer (a reference to quote, confirmed by a finance user of the seller), refunds,
 * invoices (PDF) and a customer's balance. Card and wallet providers would report through
 * `/a/api/payment/webhook/:provider`; none is offered yet.
 */

/** States of an order; see {@link ORDER_TRANSITIONS}. */
export const ORDER_STATES = ['created', 'paid', 'fulfilled', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * The order state machine: created → paid → fulfilled, created → cancelled, paid or fulfilled →
 * refunded. Nothing leaves cancelled or refunded.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  created: ['paid', 'cancelled'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** Whether an order in `from` may move to `to`. */
export const canTransition = (from: OrderState, to: OrderState): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** Payment providers: only bank transfer (confirmed by hand) exists. */
export const PAYMENT_PROVIDERS = ['bankTransfer'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Columns the order list sorts by. */
export const ORDER_SORT_FIELDS = ['createdAt', 'totalMinor', 'state', 'customerName'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** GET orders: the caller's orders (customer), or its customers' (seller), filtered and paged. */
export const OrderListQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Part of the payment reference, service name or customer name, case-insensitive. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.Enum([...ORDER_STATES])),
  /** Orders of one customer (within the caller's range). */
  customerOfficeId: Type.Optional(IdSchema),
  sort: Type.Optional(Type.Enum([...ORDER_SORT_FIELDS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
});
export type OrderListQuery = Static<typeof OrderListQuerySchema>;

/** An order as lists show it. */
export const OrderSummarySchema = Type.Object({
  id: Type.Integer(),
  /** What the customer quotes with its transfer: `APM-XXXX-XXXX-C`. */
  paymentReference: Type.String(),
  state: Type.Enum([...ORDER_STATES]),
  customerOfficeId: Type.Integer(),
  customerName: Type.String(),
  sellerOfficeId: Type.Integer(),
  sellerName: Type.String(),
  serviceId: Nullable(Type.Integer()),
  serviceKind: Type.Enum([...SERVICE_KINDS]),
  serviceName: Type.String(),
  /** Units one purchase grants, times quantity, is what fulfilment raises. */
  units: Type.Integer(),
  quantity: Type.Integer(),
  unitPriceMinor: Type.Integer(),
  netMinor: Type.Integer(),
  taxRateBp: Nullable(Type.Integer()),
  taxMinor: Type.Integer(),
  totalMinor: Type.Integer(),
  currency: Type.Enum([...CURRENCIES]),
  provider: Type.Enum([...PAYMENT_PROVIDERS]),
  invoiceNumber: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type OrderSummary = Static<typeof OrderSummarySchema>;

/** One change of an order's state, kept in its history. */
export const OrderEventSchema = Type.Object({
  fromState: Nullable(Type.Enum([...ORDER_STATES])),
  toState: Type.Enum([...ORDER_STATES]),
  actorName: Nullable(Type.String()),
  note: Nullable(Type.String()),
  at: Type.String(),
});
export type OrderEvent = Static<typeof OrderEventSchema>;

/** A payment received or a refund sent (the ledger). */
export const LedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  paymentReference: Type.String(),
  kind: Type.Enum(['payment', 'refund']),
  amountMinor: Type.Integer(),
  currency: Type.Enum([...CURRENCIES]),
  /** Day the money arrived or left, as the finance user recorded it (YYYY-MM-DD). */
  valueDate: Type.String(),
  note: Nullable(Type.String()),
  recordedByName: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type LedgerEntry = Static<typeof LedgerEntrySchema>;

/** An order with its history, ledger entries and where to pay. */
export const OrderDetailSchema = Type.Intersect([
  OrderSummarySchema,
  Type.Object({
    note: Nullable(Type.String()),
    events: Type.Array(OrderEventSchema),
    ledger: Type.Array(LedgerEntrySchema),
    /** The seller's bank account to transfer to (null until the seller set one). */
    bank: Nullable(BankDetailsSchema),
    /** Why a paid order is not fulfilled yet (the seller's own capacity, …), else null. */
    fulfilmentError: Nullable(Type.String()),
    /** What the caller may do with it now. */
    actions: Type.Object({
      cancel: Type.Boolean(),
      confirm: Type.Boolean(),
      fulfil: Type.Boolean(),
      refund: Type.Boolean(),
    }),
  }),
]);
export type OrderDetail = Static<typeof OrderDetailSchema>;

/** POST cancelOrder, fulfilOrder. */
export const OrderIdBodySchema = Type.Object({
  id: IdSchema,
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type OrderIdBody = Static<typeof OrderIdBodySchema>;

/** A date `YYYY-MM-DD`. */
export const DateOnlySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/** POST confirmPayment: a finance user of the seller records the transfer that arrived. */
export const PaymentConfirmBodySchema = Type.Object({
  id: IdSchema,
  /** Must equal the order's total: a part payment is not accepted. */
  amountMinor: MoneySchema,
  valueDate: DateOnlySchema,
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PaymentConfirmBody = Static<typeof PaymentConfirmBodySchema>;

/** POST refundOrder: the whole total goes back; the quota raise is reversed when capacity allows. */
export const RefundBodySchema = Type.Object({
  id: IdSchema,
  valueDate: DateOnlySchema,
  note: Type.String({ minLength: 1, maxLength: 500 }),
});
export type RefundBody = Static<typeof RefundBodySchema>;

/** GET ledger: payments and refunds of the caller's range, paged. */
export const LedgerQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  customerOfficeId: Type.Optional(IdSchema),
  kind: Type.Optional(Type.Enum(['payment', 'refund'])),
});
export type LedgerQuery = Static<typeof LedgerQuerySchema>;

/** What a customer paid, had refunded and owes, per currency, from the ledger and open orders. */
export const BalanceSchema = Type.Object({
  customerOfficeId: Nullable(Type.Integer()),
  currencies: Type.Array(
    Type.Object({
      currency: Type.Enum([...CURRENCIES]),
      paidMinor: Type.Integer(),
      refundedMinor: Type.Integer(),
      /** Totals of orders created and not yet paid or cancelled. */
      owedMinor: Type.Integer(),
    }),
  ),
});
export type Balance = Static<typeof BalanceSchema>;

/** GET balance query. */
export const BalanceQuerySchema = Type.Object({ customerOfficeId: Type.Optional(IdSchema) });
