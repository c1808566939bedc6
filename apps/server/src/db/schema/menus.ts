import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The menu tree served by GET /routes and GET /a/sys/menu/lists; names per language. */
export const menus = pgTable(
  'menus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    parentKey: text('parent_key'),
    path: text('path'),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    permission: text('permission').notNull().default('*'),
    roles: jsonb('roles').$type<string[]>(),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('menus_key_uq').on(t.key)],
);
