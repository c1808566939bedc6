import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offices } from './offices.js';

/** How much data a user sees: everything, own office and below, own office, or only own records. */
export const DATA_RANGES = ['all', 'officeAndBelow', 'office', 'self'] as const;
export type DataRange = (typeof DATA_RANGES)[number];

/** Console users. Passwords are scrypt hashes (`scrypt$N$r$p$salt$hash`). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    loginName: text('login_name').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    avatar: text('avatar'),
    /** When the e-mail address / phone number was last confirmed with a verification code. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    /** '1' ordinary password, '2' strong password. */
    userPwdType: text('user_pwd_type').$type<'1' | '2'>().notNull().default('1'),
    pwdChangedAt: timestamp('pwd_changed_at', { withTimezone: true }).notNull().defaultNow(),
    dataRange: text('data_range').$type<DataRange>().notNull().default('officeAndBelow'),
    enabled: boolean('enabled').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_name_uq').on(t.loginName),
    index('users_office_idx').on(t.officeId),
    // The user list's default order (newest first, read backwards): first pages read the index, not every user.
    index('users_created_idx').on(t.createdAt, t.id),
    // Trigram indexes (pg_trgm) for the name search's `lower(…) LIKE '%q%'`: it reads the matches,
    // not every user in scope.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_login_name_trgm_idx').using('gin', sql`lower(${t.loginName}) gin_trgm_ops`),
  ],
);
