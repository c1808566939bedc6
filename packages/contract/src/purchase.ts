import { Type, type Static, type TSchema } from 'typebox';
import { CURRENCIES, MONEY_MINOR_MAX } from './commerce.js';

/**
 * Console calls of the purchase service (`/a/api/purchase/...`): a seller's catalogue of services
 * (the platform's, or an agent's for its own customers), what a customer may buy from its seller,
 * placing an order, and the seller's bank details that orders paid by transfer show.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * What a service raises when an order is fulfilled: terminal licences the terminal quota, storage
 * the storage quota (MiB), a service period the customer's service end date (months); a widget pack
 * is recorded as bought and raises nothing.
 */
export const SERVICE_KINDS = ['terminalLicence', 'storage', 'servicePeriod', 'widgetPack'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Longest service name and description. */
export const SERVICE_NAME_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 1000;
/** Most units one purchase of a service grants (terminals, MiB, months, widgets). */
export const SERVICE_UNITS_MAX = 100_000_000;
/** Most times a service may be bought in one order. */
export const ORDER_QUANTITY_MAX = 1000;
/** Highest tax rate in basis points (100 %). */
export const TAX_RATE_MAX_BP = 10_000;

const Money = Type.Integer({ minimum: 0, maximum: MONEY_MINOR_MAX, description: 'Integer minor units' });
const CurrencySchema = Type.Enum([...CURRENCIES], { description: 'ISO 4217 currency code' });

/** Columns the catalogue list sorts by. */
export const SERVICE_SORT_FIELDS = ['name', 'kind', 'unitPriceMinor', 'createdAt', 'sort'] as const;
export type ServiceSortField = (typeof SERVICE_SORT_FIELDS)[number];

/** GET services: the catalogue the caller manages (sellers) or may buy from (customers). */
export const ServiceListQuerySchema = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Part of the name or description, case-insensitive. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(Type.Enum([...SERVICE_KINDS])),
  /** `manage`: the caller's own catalogue (service:purchase:edit); `buy`: its seller's, active only. */
  scope: Type.Optional(Type.Enum(['manage', 'buy'])),
  sort: Type.Optional(Type.Enum([...SERVICE_SORT_FIELDS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
});
export type ServiceListQuery = Static<typeof ServiceListQuerySchema>;

/** A service of a catalogue. */
export const ServiceProductSchema = Type.Object({
  id: Type.Integer(),
  sellerOfficeId: Type.Integer(),
  sellerName: Type.String(),
  kind: Type.Enum([...SERVICE_KINDS]),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** Units one purchase grants: terminals, MiB, months or widgets by kind. */
  units: Type.Integer(),
  unitPriceMinor: Type.Integer(),
  currency: CurrencySchema,
  /** Tax rate in basis points (1300 = 13 %); null: no tax. */
  taxRateBp: Nullable(Type.Integer()),
  active: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ServiceProduct = Static<typeof ServiceProductSchema>;

/** POST saveService: creates (no id) or updates a service of the caller's catalogue. */
export const ServiceSaveBodySchema = Type.Object({
  id: Type.Optional(Id),
  kind: Type.Enum([...SERVICE_KINDS]),
  name: Type.String({ minLength: 1, maxLength: SERVICE_NAME_MAX }),
  description: Type.Optional(Nullable(Type.String({ maxLength: SERVICE_DESCRIPTION_MAX }))),
  units: Type.Integer({ minimum: 1, maximum: SERVICE_UNITS_MAX }),
  unitPriceMinor: Money,
  currency: CurrencySchema,
  taxRateBp: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: TAX_RATE_MAX_BP }))),
  active: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type ServiceSaveBody = Static<typeof ServiceSaveBodySchema>;

/** POST deleteService / setServiceActive bodies. */
export const ServiceIdsBodySchema = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
});
export const ServiceActiveBodySchema = Type.Object({ id: Id, active: Type.Boolean() });

/** A seller's bank account that customers paying by transfer send money to. */
export const BankDetailsSchema = Type.Object({
  accountName: Type.String({ minLength: 1, maxLength: 200 }),
  bankName: Type.String({ minLength: 1, maxLength: 200 }),
  accountNumber: Type.String({ minLength: 1, maxLength: 64 }),
  /** SWIFT/BIC, branch code or similar. */
  bankCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  /** Shown to the customer with the payment reference (how to pay, how long it takes). */
  instructions: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
});
export type BankDetails = Static<typeof BankDetailsSchema>;

/** A seller's account: name, bank details (null until set) and what its invoices carry. */
export const SellerAccountSchema = Type.Object({
  officeId: Type.Integer(),
  officeName: Type.String(),
  bank: Nullable(BankDetailsSchema),
  /** Tax or registration number printed on invoices. */
  taxNumber: Nullable(Type.String()),
  /** Address printed on invoices. */
  address: Nullable(Type.String()),
});
export type SellerAccount = Static<typeof SellerAccountSchema>;

/** POST saveSellerAccount: the caller's (platform's or agent's) bank details and invoice data. */
export const SellerAccountSaveBodySchema = Type.Object({
  bank: BankDetailsSchema,
  taxNumber: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type SellerAccountSaveBody = Static<typeof SellerAccountSaveBodySchema>;

/** POST placeOrder: a customer buys a service of its seller's catalogue. */
export const OrderPlaceBodySchema = Type.Object({
  serviceId: Id,
  quantity: Type.Integer({ minimum: 1, maximum: ORDER_QUANTITY_MAX }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type OrderPlaceBody = Static<typeof OrderPlaceBodySchema>;

/** Nullable helper and ids, shared with the payment contract. */
export { Nullable as NullableSchema, Id as IdSchema, Money as MoneySchema, CurrencySchema };
