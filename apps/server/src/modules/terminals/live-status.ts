import type { TerminalLiveStatus, TerminalStatus } from '@apm/contract';

/**
 * Where live presence comes from: the gateway's in-memory presence (`app.services.terminalPresence`)
 * when the app has one; the console reads it through this narrow view only.
 */
export interface LiveStatusSource {
  liveStatus(ids: readonly number[]): TerminalLiveStatus[] | Promise<TerminalLiveStatus[]>;
}

/** Presence as last flushed to the database, for rows read from `terminals`. */
export interface StoredPresence {
  id: number;
  online: boolean;
  lastSeenAt: Date | null;
  status: Record<string, unknown> | null;
}

/** The stored presence of a row, as a live status (no download progress is stored). */
export const storedLiveStatus = (row: StoredPresence): TerminalLiveStatus => ({
  id: row.id,
  online: row.online,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  status: (row.status as TerminalStatus | null) ?? null,
  downloads: [],
});

/**
 * Live status of the rows: memory wins where the gateway knows the terminal; what memory lacks
 * (a terminal not seen since this server started) comes from the database.
 */
export async function mergeLiveStatus(
  source: LiveStatusSource | undefined,
  rows: readonly StoredPresence[],
): Promise<Map<number, TerminalLiveStatus>> {
  const out = new Map(rows.map((r) => [r.id, storedLiveStatus(r)]));
  if (!source || !rows.length) return out;
  for (const live of await source.liveStatus(rows.map((r) => r.id))) {
    const stored = out.get(live.id);
    // Offline and never heard of since this server started: the stored presence is all there is.
    if (!stored || (!live.online && live.lastSeenAt === null)) continue;
    out.set(live.id, {
      id: live.id,
      online: live.online,
      lastSeenAt: live.lastSeenAt ?? stored.lastSeenAt,
      status: live.status ?? stored.status,
      downloads: live.downloads,
    });
  }
  return out;
}
