/**
 * The play events of the synthetic history (see dataset.ts) generated inside PostgreSQL, one
 * `INSERT … SELECT` over `generate_series` per day: the shape of `terminalDays` (per play a program, a
 * scene and a material event; a widget every 10th play, a button press every 25th, a message every
 * 30th; plays spread over the opening hours with a random offset in their slot) without building and
 * sending each row from Node. What loads ≈ 100 million rows in the time COPY from Node loads a tenth.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { intArray, queryRows } from '../../apps/server/src/terminal/sql.js';
import { DAY, MINUTE, WIDGET_TYPES, type Fleet, type RowOptions } from './dataset-rows.js';

/** A text[] parameter (one array literal; drizzle would spread a JavaScript array into a list). */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * Inserts the play events of every day from `from`, deterministic for `seed`; `onDay` hears each day's
 * row count as it lands. Answers the rows inserted.
 */
export async function generatePlayEventsInSql(
  db: Database,
  fleet: Fleet,
  o: RowOptions & { seed: number },
  from: number,
  onDay: (day: number, rows: number) => void = () => {},
): Promise<number> {
  const every = Math.round(o.playEveryMinutes * MINUTE);
  const slots = Math.floor(((o.closeHour - o.openHour) * 60 * MINUTE) / every);
  const customerOf = (officeId: number) =>
    Math.floor(fleet.officeIds.indexOf(officeId) / o.officesPerCustomer);
  const flat = (k: 'programs' | 'materials' | 'messages') => fleet.catalogues.flatMap((c) => c[k]);
  const per = (k: 'programs' | 'materials' | 'messages') => fleet.catalogues[0]![k].length;
  const [programs, materials, messages] = [flat('programs'), flat('materials'), flat('messages')];
  const terminals = {
    ids: intArray(fleet.terminals.map((t) => t.id)),
    offices: intArray(fleet.terminals.map((t) => t.office_id)),
    customers: intArray(fleet.terminals.map((t) => customerOf(t.office_id))),
  };
  let total = 0;
  for (let day = 0; day < o.days; day++) {
    const open = new Date(from + day * DAY + o.openHour * 3_600_000).toISOString();
    // One transaction, so that the seed is set on the connection that inserts. random() runs once per play:
    // a subquery with a volatile function is not merged into the outer query.
    const [row] = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT setseed(${((o.seed * 7919 + day) % 1000) / 1000})`);
      return queryRows<{ n: number }>(
        tx as unknown as Database,
        sql`WITH ins AS (
        INSERT INTO play_events (terminal_id, event_id, kind, office_id, program_id, program_name, scene_id,
          message_id, message_name, material_id, material_name, widget_type, widget_id, started_at, duration_ms, received_at)
        SELECT p.id, ${day} || '-' || p.n || '-' || k.code, k.kind, p.office_id,
          CASE WHEN k.code <> 'g' THEN (${intArray(programs.map((x) => x.id))})[p.pi] END,
          CASE WHEN k.code <> 'g' THEN (${textArray(programs.map((x) => x.name))})[p.pi] END,
          CASE WHEN k.code = 's' THEN 's' || (1 + p.n % 3) END,
          CASE WHEN k.code = 'g' THEN (${intArray(messages.map((x) => x.id))})[p.gi] END,
          CASE WHEN k.code = 'g' THEN (${textArray(messages.map((x) => x.name))})[p.gi] END,
          CASE WHEN k.code = 'm' THEN (${intArray(materials.map((x) => x.id))})[p.mi] END,
          CASE WHEN k.code = 'm' THEN (${textArray(materials.map((x) => x.name))})[p.mi] END,
          CASE k.code WHEN 'w' THEN (${textArray(WIDGET_TYPES)})[p.wi] WHEN 'c' THEN 'button' END,
          CASE WHEN k.code = 'c' THEN 'btn-1' END,
          p.at, k.ms, p.at + (k.ms + 2000) * interval '1 millisecond'
        FROM (
          SELECT t.id, t.office_id, n,
            ${open}::timestamptz + (n * ${every} + floor(random() * ${every})) * interval '1 millisecond' AS at,
            30000 + floor(random() * 150000)::int AS duration,
            10000 + floor(random() * 20000)::int AS shown,
            t.customer * ${per('programs')} + 1 + floor(random() * ${per('programs')})::int AS pi,
            t.customer * ${per('materials')} + 1 + floor(random() * ${per('materials')})::int AS mi,
            t.customer * ${per('messages')} + 1 + floor(random() * ${per('messages')})::int AS gi,
            1 + floor(random() * ${WIDGET_TYPES.length})::int AS wi
          FROM unnest(${terminals.ids}, ${terminals.offices}, ${terminals.customers}) AS t(id, office_id, customer)
          CROSS JOIN generate_series(0, ${slots - 1}) n
        ) p
        CROSS JOIN LATERAL (VALUES ('p', 'program', p.duration), ('s', 'scene', p.duration),
          ('m', 'material', least(p.duration, p.shown)), ('w', 'widget', p.duration), ('c', 'click', 0),
          ('g', 'message', 15000)) AS k(code, kind, ms)
        WHERE k.code IN ('p', 's', 'm') OR (k.code = 'w' AND p.n % 10 = 0) OR (k.code = 'c' AND p.n % 25 = 0)
          OR (k.code = 'g' AND p.n % 30 = 0)
        RETURNING 1)
      SELECT count(*)::int AS n FROM ins`,
      );
    });
    total += row?.n ?? 0;
    onDay(day, row?.n ?? 0);
  }
  return total;
}
