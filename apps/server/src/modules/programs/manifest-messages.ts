import { API_BASE, type MessageDocument, type TerminalMessagePayload } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { approvedPrograms } from '../plans/terminal-schedule.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { LoadedTerminal } from './manifest-load.js';

/** Download URL of a material for terminals (the manifest's and the messages'). */
export const terminalFileUrl = (materialId: number) => `${API_BASE}/terminal/files/${materialId}`;

/** A message a terminal holds, as its manifest lists it. */
export interface HeldMessage {
  id: number;
  revision: number;
  name: string;
  /** Loaded for the manifest only; versions do not need it (the revision stands for it). */
  document: MessageDocument | null;
  /** The notice's image, downloaded like a program's material. */
  imageId: number | null;
  /** The takeover's program, listed among the programs (`published: false`). */
  programId: number | null;
}

/** The payload of a held message (loaded with its document). */
export const heldPayload = (m: HeldMessage): TerminalMessagePayload => ({
  id: m.id,
  revision: m.revision,
  name: m.name,
  document: m.document!,
  imageUrl: m.imageId ? terminalFileUrl(m.imageId) : null,
});

/**
 * Adds to loaded terminals the messages they hold: sent there and not stopped (there or everywhere),
 * not deleted, not past their end, approved unless `unapprovedToo` (the audit switch is off), and of
 * the tenant the terminal belongs to now.
 * A takeover's program, when approved, joins the terminal's programs (`published: false`) so that the
 * terminal downloads it; a notice's image joins the files it may download.
 */
export async function addHeldMessages(
  db: Database,
  loaded: Map<number, LoadedTerminal>,
  withDocuments: boolean,
  unapprovedToo: boolean,
): Promise<void> {
  for (const entry of loaded.values()) entry.messages = [];
  if (!loaded.size) return;
  // The last condition: a terminal moved to another tenant since shows none of its former tenant's messages.
  const rows = await queryRows<{
    terminal_id: number;
    id: number;
    revision: number;
    name: string;
    document: MessageDocument | string | null;
    image_id: string | null;
    program_id: string | null;
  }>(
    db,
    sql`SELECT mt.terminal_id, m.id, m.revision, m.name,
          ${withDocuments ? sql`m.document` : sql`NULL`} AS document,
          m.document->'notice'->>'imageMaterialId' AS image_id,
          m.document->'takeover'->>'programId' AS program_id
        FROM message_terminals mt JOIN messages m ON m.id = mt.message_id
          JOIN terminals t ON t.id = mt.terminal_id JOIN offices tof ON tof.id = t.office_id
          JOIN offices mof ON mof.id = m.office_id
        WHERE mt.terminal_id = ANY(${intArray([...loaded.keys()])}) AND mt.stopped_at IS NULL
          AND m.deleted_at IS NULL AND m.stopped_at IS NULL
          AND (m.valid_until IS NULL OR m.valid_until > now())
          AND (m.review_state = 'approved' OR ${unapprovedToo})
          AND t.state = 'claimed' AND tof.path LIKE (SELECT r.path FROM offices r
            WHERE r.kind IN ('platform', 'agent', 'customer') AND mof.path LIKE r.path || '%'
            ORDER BY length(r.path) DESC LIMIT 1) || '%'
        ORDER BY mt.terminal_id, m.id`,
  );
  const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);
  for (const r of rows) {
    loaded.get(Number(r.terminal_id))?.messages.push({
      id: Number(r.id),
      revision: Number(r.revision),
      name: r.name,
      document: typeof r.document === 'string' ? (JSON.parse(r.document) as MessageDocument) : r.document,
      imageId: id(r.image_id),
      programId: id(r.program_id),
    });
  }
  const programIds = rows.flatMap((r) => (id(r.program_id) ? [id(r.program_id)!] : []));
  if (!programIds.length) return;
  const takeoverPrograms = await approvedPrograms(db, programIds, withDocuments);
  for (const entry of loaded.values()) {
    const have = new Set(entry.published.map((p) => p.programId));
    let sort = entry.published.reduce((max, p) => Math.max(max, p.sort), -1);
    for (const m of entry.messages) {
      const program = m.programId === null ? undefined : takeoverPrograms.get(m.programId);
      if (!program || have.has(program.programId)) continue;
      have.add(program.programId);
      sort += 1;
      entry.published.push({ ...program, sort, startAt: null, endAt: null, published: false });
    }
  }
}
