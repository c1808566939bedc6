import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { materials } from './materials.js';
import { offices } from './offices.js';
import { users } from './users.js';

/** One setting a package declares (see the contract's `WidgetSettingField`). */
export interface StoredSettingField {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'enum' | 'color';
  title: string;
  default: string | number | boolean;
  options?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/**
 * A custom HTML widget of a tenant: a zip of the material library (index.html + widget.json) read
 * when it was registered. Terminals get the zip as a material of the programs using it; the renderer
 * unpacks it into a sandboxed frame. A package added from the store points to the platform's shared
 * material and to the store item it came from.
 */
export const widgetPackages = pgTable(
  'widget_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantOfficeId: integer('tenant_office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    name: text('name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The start page inside the zip, e.g. `index.html` or `clock/index.html`. */
    entry: text('entry').notNull(),
    settings: jsonb('settings').$type<StoredSettingField[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** The store item it was added from (null: the tenant's own). */
    storeItemId: integer('store_item_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('widget_packages_tenant_material_uq').on(t.tenantOfficeId, t.materialId),
    index('widget_packages_material_idx').on(t.materialId),
    index('widget_packages_store_idx').on(t.storeItemId),
  ],
);
