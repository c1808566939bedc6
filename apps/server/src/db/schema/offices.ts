import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Kinds of institution in the tree: the platform root, agents, customers (tenants) and plain offices. */
export const OFFICE_KINDS = ['platform', 'agent', 'customer', 'office'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

/** Institutions (offices) form a tree; `path` is the materialised path `/1/4/9/` for subtree queries. */
export const offices = pgTable(
  'offices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    kind: text('kind').$type<OfficeKind>().notNull().default('office'),
    path: text('path').notNull().default('/'),
    sort: integer('sort').notNull().default(0),
    /** Contact person, phone, address and remarks shown in the institution form. */
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    remarks: text('remarks'),
    /** Storage quota in MiB for customers and agents (null: no quota of its own). */
    storageQuotaMb: bigint('storage_quota_mb', { mode: 'number' }),
    /** Most terminals the customer or agent may hold (null: no limit of its own). */
    terminalQuota: integer('terminal_quota'),
    /** IANA time zone of its terminals' play plans (null: the nearest office above that has one). */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offices_parent_idx').on(t.parentId), index('offices_path_idx').on(t.path)],
);
