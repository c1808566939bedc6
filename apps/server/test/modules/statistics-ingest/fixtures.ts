import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.js';
import { queryRows } from '../../../src/terminal/sql.js';

/** A claimed terminal in the first office, inserted directly. */
export async function insertTerminal(db: Database, name = 'T'): Promise<{ id: number; officeId: number }> {
  const device = `dev-${name}-${Math.random().toString(36).slice(2)}`;
  const [row] = await queryRows<{ id: number; office_id: number }>(
    db,
    sql`INSERT INTO terminals (device_id, name, token_hash, state, office_id)
        VALUES (${device}, ${name}, ${device}, 'claimed', (SELECT min(id) FROM offices))
        RETURNING id, office_id`,
  );
  return { id: row!.id, officeId: row!.office_id };
}

/** A program of the first office. */
export async function insertProgram(db: Database, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO programs (name, office_id, document, format_version, width, height)
        VALUES (${name}, (SELECT min(id) FROM offices), '{}', 1, 1920, 1080) RETURNING id`,
  );
  return row!.id;
}

/** A material (and its file) of the first office. */
export async function insertMaterial(db: Database, name: string): Promise<number> {
  const md5 = Math.random().toString(16).slice(2).padEnd(32, '0');
  const [file] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO material_files (md5, size, mime, kind, storage_path)
        VALUES (${md5}, 10, 'image/png', 'image', ${`x/${md5}`}) RETURNING id`,
  );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO materials (name, file_id, office_id, kind, size, md5)
        VALUES (${name}, ${file!.id}, (SELECT min(id) FROM offices), 'image', 10, ${md5}) RETURNING id`,
  );
  return row!.id;
}

/** A message of the first office. */
export async function insertMessage(db: Database, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO messages (name, office_id, kind, document, priority)
        VALUES (${name}, (SELECT min(id) FROM offices), 'text', '{}', 1) RETURNING id`,
  );
  return row!.id;
}

/** The stored events of a terminal with the partition each is in, by start. */
export function eventsOf(db: Database, terminalId: number) {
  return queryRows<{
    partition: string;
    event_id: string;
    kind: string;
    office_id: number | null;
    program_name: string | null;
    material_name: string | null;
    message_name: string | null;
    widget_type: string | null;
    widget_id: string | null;
    started_at: string;
  }>(
    db,
    sql`SELECT tableoid::regclass::text AS partition, event_id, kind, office_id, program_name, material_name,
          message_name, widget_type, widget_id, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS started_at
        FROM play_events WHERE terminal_id = ${terminalId} ORDER BY started_at, event_id`,
  );
}

/** The hourly roll-up rows of a terminal. */
export function hourlyOf(db: Database, terminalId: number) {
  return queryRows<{
    hour: string;
    kind: string;
    subject_id: number;
    subject_key: string;
    subject_name: string | null;
    plays: number;
    duration_ms: number;
  }>(
    db,
    sql`SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS hour, kind, subject_id, subject_key,
          subject_name, plays, duration_ms::int AS duration_ms
        FROM play_hourly WHERE terminal_id = ${terminalId} ORDER BY hour, kind, subject_id, subject_key`,
  );
}

/**
 * `count` terminals T0… for the roll-up exactness tests: the last one gets the id `farId` (another
 * bit-set chunk than the first ones), and the last `inBranch` of them sit in a new office, Branch,
 * under the root office.
 */
export async function terminalsWithBranch(
  db: Database,
  count: number,
  farId: number,
  inBranch: number,
): Promise<{ branch: number; terminals: number[] }> {
  const [root] = await queryRows<{ id: number; path: string }>(
    db,
    sql`SELECT id, path FROM offices ORDER BY id LIMIT 1`,
  );
  const [office] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO offices (parent_id, name, kind, path) VALUES (${root!.id}, 'Branch', 'office', '/') RETURNING id`,
  );
  const branch = office!.id;
  await db.execute(sql`UPDATE offices SET path = ${root!.path} || id || '/' WHERE id = ${branch}`);
  const terminals = [];
  for (let i = 0; i < count - 1; i++) terminals.push((await insertTerminal(db, `T${i}`)).id);
  await db.execute(sql.raw(`ALTER TABLE terminals ALTER COLUMN id RESTART WITH ${Math.trunc(farId)}`));
  terminals.push((await insertTerminal(db, `T${count - 1}`)).id);
  const moved = terminals.slice(-inBranch);
  await db.execute(sql`UPDATE terminals SET office_id = ${branch} WHERE id IN ${moved}`);
  return { branch, terminals };
}
