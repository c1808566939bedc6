import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { offices } from './offices.js';
import { terminalGroups } from './terminal-groups.js';
import { users } from './users.js';

/** Pairing states of a terminal: `pending` shows a pairing code; `claimed` plays what is published. */
export const TERMINAL_STATES = ['pending', 'claimed'] as const;
export type TerminalState = (typeof TERMINAL_STATES)[number];

/** The last status a terminal reported in a heartbeat (see `TerminalStatus` in the contract). */
export type TerminalStatusJson = Record<string, unknown>;

/**
 * A terminal (player): registered with its device id, claimed by an operator into an office and
 * group, then authenticated by its device token. Live presence is kept in memory and flushed
 * here in batches (`online`, `lastSeenAt`, `status`).
 */
export const terminals = pgTable(
  'terminals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    state: text('state').$type<TerminalState>().notNull().default('pending'),
    /** Six-character code shown on a pending terminal; null once claimed. */
    pairingCode: text('pairing_code'),
    /** SHA-256 of the device token (hex); the token itself is only ever held by the terminal. */
    tokenHash: text('token_hash').notNull(),
    /** Null while pending (unless accepted by the free-access setting, then the platform root). */
    officeId: integer('office_id').references(() => offices.id),
    groupId: integer('group_id').references(() => terminalGroups.id, { onDelete: 'set null' }),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Player kind and software: `web`, `android`...; version of the app. */
    platform: text('platform').notNull().default('web'),
    appVersion: text('app_version'),
    resolution: text('resolution'),
    /** Last known location (set location command, auto position). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    /** Presence, flushed in batches from memory. */
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    onlineSince: timestamp('online_since', { withTimezone: true }),
    /** Total online time in seconds (statistics). */
    onlineSeconds: bigint('online_seconds', { mode: 'number' }).notNull().default(0),
    status: jsonb('status').$type<TerminalStatusJson>(),
    /** Settings pushed to the terminal (volume, power schedule...), re-sent on connect. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    remarks: text('remarks'),
    /** Network address the terminal registered from (auto scan finds pending terminals near an operator). */
    registerIp: text('register_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terminals_device_idx').on(t.deviceId),
    uniqueIndex('terminals_token_idx').on(t.tokenHash),
    uniqueIndex('terminals_pairing_idx').on(t.pairingCode),
    index('terminals_office_idx').on(t.officeId, t.id),
    index('terminals_group_idx').on(t.groupId),
    index('terminals_register_ip_idx').on(t.registerIp, t.createdAt),
  ],
);
