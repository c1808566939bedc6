import { COMMAND_STATE_VALUES, DISPLAY_SETTING_KEYS, type CommandDeliveryState } from '@apm/contract';
import { and, desc, inArray, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { terminalCommands, terminals } from '../../db/schema/index.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import { Nullable } from './schemas.js';
import { terminalsInScope } from './terminal-scope.js';

/** Commands that carry settings, whose last delivery the settings page shows per terminal. */
export const SETTING_COMMANDS = ['volume', 'powerSchedule', 'displaySettings'] as const;
export type SettingCommand = (typeof SETTING_COMMANDS)[number];

/** The last delivery of one setting command to one terminal. */
export const SettingDeliverySchema = Type.Object({
  commandId: Type.Integer(),
  state: Type.Enum([...COMMAND_STATE_VALUES]),
  params: Type.Object({}, { additionalProperties: true }),
  result: Nullable(Type.Object({}, { additionalProperties: true })),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
  doneAt: Nullable(Type.String()),
});
export type SettingDelivery = Omit<Static<typeof SettingDeliverySchema>, 'params' | 'result'> & {
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
};

/** One terminal's settings as kept, as reported, and how their last pushes went. */
export const TerminalSettingsStateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  online: Type.Boolean(),
  /** What the server keeps and re-sends on connect (volume, powerSchedule, timeZone, display settings). */
  settings: Type.Object({}, { additionalProperties: true }),
  /** The volume the terminal last reported (null: never heard, or offline since the server started). */
  reportedVolume: Nullable(Type.Integer()),
  /** The last command of each setting kind (absent: never sent). */
  deliveries: Type.Object(
    Object.fromEntries(SETTING_COMMANDS.map((n) => [n, Type.Optional(SettingDeliverySchema)])),
  ),
});
export type TerminalSettingsState = Static<typeof TerminalSettingsStateSchema>;

/** The settings keys {@link DISPLAY_SETTING_KEYS} a patch clears (null download window) or sets. */
export function displayPatch(values: Record<string, unknown>): {
  set: Record<string, unknown>;
  clear: string[];
} {
  const set: Record<string, unknown> = {};
  const clear: string[] = [];
  for (const key of DISPLAY_SETTING_KEYS) {
    if (values[key] === undefined) continue;
    if (values[key] === null) clear.push(key);
    else set[key] = values[key];
  }
  return { set, clear };
}

/** The last command of each name in `names` per terminal (one query, newest per pair). */
export async function lastCommands(
  db: Database,
  terminalIds: readonly number[],
  names: readonly string[],
): Promise<Map<number, Map<string, SettingDelivery>>> {
  const out = new Map<number, Map<string, SettingDelivery>>();
  if (!terminalIds.length) return out;
  const rows = await db
    .selectDistinctOn([terminalCommands.terminalId, terminalCommands.name])
    .from(terminalCommands)
    .where(
      and(inArray(terminalCommands.terminalId, [...terminalIds]), inArray(terminalCommands.name, [...names])),
    )
    .orderBy(terminalCommands.terminalId, terminalCommands.name, desc(terminalCommands.id));
  for (const c of rows) {
    const byName = out.get(c.terminalId) ?? new Map<string, SettingDelivery>();
    byName.set(c.name, deliveryOf(c));
    out.set(c.terminalId, byName);
  }
  return out;
}

/** A command row as a setting delivery. */
export function deliveryOf(c: typeof terminalCommands.$inferSelect): SettingDelivery {
  return {
    commandId: c.id,
    state: c.state as CommandDeliveryState,
    params: c.params,
    result: c.result ?? null,
    error: c.error,
    createdAt: c.createdAt.toISOString(),
    doneAt: c.doneAt?.toISOString() ?? null,
  };
}

/**
 * The settings state of terminals in scope (404 naming `terminalIds` for any that is not): kept
 * settings, reported volume from live presence, the last delivery of each setting command.
 */
export async function settingsStates(
  db: Database,
  presence: Pick<TerminalPresence, 'live'>,
  auth: AuthContext,
  ids: number[],
): Promise<TerminalSettingsState[]> {
  const rows = await terminalsInScope(db, auth, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [live, commands] = await Promise.all([presence.live(ids), lastCommands(db, ids, SETTING_COMMANDS)]);
  const liveById = new Map(live.map((l) => [l.id, l]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    const now = liveById.get(id);
    return {
      id,
      name: row.name,
      online: now?.online ?? false,
      settings: row.settings,
      reportedVolume: now?.status?.volume ?? null,
      deliveries: Object.fromEntries(commands.get(id) ?? new Map()),
    };
  });
}

/** Merges `set` into the terminals' kept settings and removes the `clear` keys. */
export async function patchSettings(
  db: Database,
  ids: readonly number[],
  set: Record<string, unknown>,
  clear: readonly string[],
): Promise<void> {
  let merged = sql`${terminals.settings} || ${JSON.stringify(set)}::jsonb`;
  for (const key of clear) merged = sql`(${merged}) - ${key}::text`;
  await db
    .update(terminals)
    .set({ settings: merged, updatedAt: new Date() })
    .where(inArray(terminals.id, [...ids]));
}

/** The terminal row in scope, or 404 naming `terminalId`. */
export async function terminalInScope(
  db: Database,
  auth: AuthContext,
  id: number,
): Promise<typeof terminals.$inferSelect> {
  const [row] = await terminalsInScope(db, auth, [id], 'terminalId');
  return row!;
}
