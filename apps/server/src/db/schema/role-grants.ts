import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { permissions } from './permissions.js';
import { roles } from './roles.js';

/** One operation of one permission granted to a role, e.g. (operator, `program:make`, `edit`). */
export const roleGrants = pgTable(
  'role_grants',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId, t.operation] })],
);
