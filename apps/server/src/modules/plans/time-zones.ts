import { isTimeZone } from '@apm/schedule';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, terminals } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import { fieldError } from '../users/user-access.js';
import { pathIds } from '../offices/office-scope.js';

/** Longest zone name accepted (the IANA names are far shorter). */
export const TIME_ZONE_MAX = 64;

/**
 * A zone from a request: a known IANA zone (trimmed), null (clear), or undefined (leave alone);
 * 400 naming `field` otherwise.
 */
export function zoneInput(value: string | null | undefined, field = 'timeZone'): string | null | undefined {
  if (value === undefined || value === null) return value;
  const zone = value.trim();
  if (!zone) return null;
  if (zone.length > TIME_ZONE_MAX || !isTimeZone(zone)) {
    throw fieldError(
      400,
      field,
      `${field} must be an IANA time zone such as Europe/Berlin (got "${zone.slice(0, TIME_ZONE_MAX)}")`,
    );
  }
  return zone;
}

/** The zone a terminal's settings name, when it is a known one. */
export function settingsZone(settings: Record<string, unknown> | null | undefined): string | null {
  const zone = settings?.timeZone;
  return typeof zone === 'string' && zone.length <= TIME_ZONE_MAX && isTimeZone(zone) ? zone : null;
}

/** What the zone of a terminal is derived from. */
export interface ZoneSource {
  id: number;
  settings: Record<string, unknown> | null;
  /** Its office's materialised path (null: no office). */
  officePath: string | null;
}

/**
 * Effective zones of terminals: the terminal's own (settings), else the nearest office up the tree
 * that names one, else `fallback` (the server's). One query for all the offices involved.
 */
export async function effectiveZones(
  db: Database,
  terminals: readonly ZoneSource[],
  fallback: string,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const pending: ZoneSource[] = [];
  for (const t of terminals) {
    const own = settingsZone(t.settings);
    if (own) out.set(t.id, own);
    else pending.push(t);
  }
  const ids = [...new Set(pending.flatMap((t) => (t.officePath ? pathIds(t.officePath) : [])))];
  const zoned = ids.length
    ? await db
        .select({ id: offices.id, timeZone: offices.timeZone })
        .from(offices)
        .where(and(inArray(offices.id, ids), isNotNull(offices.timeZone)))
    : [];
  const zoneOf = new Map(zoned.filter((o) => isTimeZone(o.timeZone!)).map((o) => [o.id, o.timeZone!]));
  for (const t of pending) {
    const path = t.officePath ? pathIds(t.officePath).reverse() : [];
    const found = path.map((id) => zoneOf.get(id)).find((z) => z !== undefined);
    out.set(t.id, found ?? fallback);
  }
  return out;
}

/** The zone of an office's terminals without one of their own: its own, else the nearest above, else `fallback`. */
export async function officeZone(db: Database, officePath: string, fallback: string): Promise<string> {
  return (await effectiveZones(db, [{ id: 0, settings: null, officePath }], fallback)).get(0)!;
}

/** Claimed terminals of an office and its subtree (whose zone an office's zone may decide). */
export async function terminalsUnderOffice(db: Database, officeId: number): Promise<number[]> {
  const [office] = await db.select({ path: offices.path }).from(offices).where(eq(offices.id, officeId));
  if (!office) return [];
  const rows = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.state, 'claimed'), officesUnder(terminals.officeId, office.path)));
  return rows.map((r) => r.id);
}
