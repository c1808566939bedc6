import { Type, type Static } from 'typebox';

/** Kinds of institution in the tree: the platform root, agents, customers (tenants) and plain offices. */
export const OfficeKinds = ['platform', 'agent', 'customer', 'office'] as const;
export type OfficeKind = (typeof OfficeKinds)[number];

/** TypeBox schema of an office kind. */
export const OfficeKindSchema = Type.Enum([...OfficeKinds]);

/**
 * One node of the institution tree as treeDataNew / officeDynamicData / findChild answer it.
 * `path` is the materialised path (`/1/4/9/`); `hasChildren` tells the tree whether to offer expansion.
 */
export const OfficeNodeSchema = Type.Object({
  id: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  kind: OfficeKindSchema,
  path: Type.String(),
  sort: Type.Integer(),
  hasChildren: Type.Boolean(),
});
export type OfficeNode = Static<typeof OfficeNodeSchema>;

/** A searchOffice hit: the node plus the names from the caller's visible root down to it. */
export const OfficeSearchHitSchema = Type.Object({
  ...OfficeNodeSchema.properties,
  pathNames: Type.Array(Type.String(), { description: 'Names from the visible root down to this office' }),
});
export type OfficeSearchHit = Static<typeof OfficeSearchHitSchema>;

const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

/** An office with every field the institution form shows. */
export const OfficeDetailSchema = Type.Object({
  ...OfficeNodeSchema.properties,
  parentName: NullableText,
  contact: NullableText,
  phone: NullableText,
  address: NullableText,
  remarks: NullableText,
  /** Storage quota in MiB (agents and customers); null: no quota of its own. */
  storageQuotaMb: NullableInt,
  /** Most terminals (agents and customers); null: no limit of its own. */
  terminalQuota: NullableInt,
  /** IANA zone its terminals' plans are read in, set on this office; null: inherited. */
  timeZone: NullableText,
  /** The zone that applies without one of its own: the nearest office above with one, else the server's. */
  inheritedTimeZone: Type.String(),
  /** The zone that applies to its terminals without their own: `timeZone`, else `inheritedTimeZone`. */
  effectiveTimeZone: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  updatedAt: Type.String({ description: 'ISO 8601' }),
});
export type OfficeDetail = Static<typeof OfficeDetailSchema>;

/** Largest storage quota accepted (MiB): 1 PiB. */
export const MAX_STORAGE_QUOTA_MB = 1_073_741_824;
/** Largest terminal quota accepted. */
export const MAX_TERMINAL_QUOTA = 10_000_000;
/** Longest office name. */
export const OFFICE_NAME_MAX = 100;

/** Brand fields a customer may set for its own brand (the rest comes from the platform's default brand). */
export const CustomerBrandConfigSchema = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  tag: Type.Optional(Type.String({ maxLength: 100 })),
  logo: Type.Optional(Type.String({ maxLength: 2000 })),
  icoImg: Type.Optional(Type.String({ maxLength: 2000 })),
  copyRight: Type.Optional(Type.String({ maxLength: 300 })),
  backgroundImage: Type.Optional(Type.String({ maxLength: 2000 })),
  defaultLanguage: Type.Optional(Type.String({ maxLength: 4 })),
  linkList: Type.Optional(
    Type.Array(
      Type.Object({ link: Type.String({ maxLength: 2000 }), name: Type.String({ maxLength: 100 }) }),
      { maxItems: 20 },
    ),
  ),
});
export type CustomerBrandConfig = Static<typeof CustomerBrandConfigSchema>;

/** A customer's (or agent's) own brand: customization switch, brand fields and second domain name. */
export const CustomerBrandSchema = Type.Object({
  enabled: Type.Boolean(),
  config: CustomerBrandConfigSchema,
  domainName: NullableText,
});
export type CustomerBrand = Static<typeof CustomerBrandSchema>;

/** A customer or agent as the customer lists show it. */
export const CustomerItemSchema = Type.Object({
  id: Type.Integer(),
  parentId: NullableInt,
  parentName: NullableText,
  name: Type.String(),
  kind: OfficeKindSchema,
  path: Type.String(),
  storageQuotaMb: NullableInt,
  terminalQuota: NullableInt,
  userCount: Type.Integer(),
  brandEnabled: Type.Boolean(),
  domainName: NullableText,
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type CustomerItem = Static<typeof CustomerItemSchema>;

/** customerInfo: a customer's details, capacity, user count, brand and domain. */
export const CustomerInfoSchema = Type.Object({
  ...CustomerItemSchema.properties,
  contact: NullableText,
  phone: NullableText,
  address: NullableText,
  remarks: NullableText,
  brand: CustomerBrandSchema,
  /** Capacity already handed to the customers/agents directly below (sums; null quotas count 0). */
  allocated: Type.Object({ storageQuotaMb: Type.Integer(), terminalQuota: Type.Integer() }),
});
export type CustomerInfo = Static<typeof CustomerInfoSchema>;
