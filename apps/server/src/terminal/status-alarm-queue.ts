import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { intArray, jsonRows, queryRows } from './sql.js';
import { blankStatusAlarms, type StatusAlarmChange, type StatusAlarmState } from './status-alarms.js';

interface Raise {
  terminal_id: number;
  type: string;
  detail: Record<string, unknown>;
}

interface End {
  terminal_id: number;
  type: string;
  /** Null: every open alarm of the type. */
  material_id: number | null;
}

/**
 * The status alarm changes waiting for presence's next flush, at most one per terminal, type and
 * material: a raise and an end of the same alarm in one interval cancel out to the later one.
 */
export class StatusAlarmQueue {
  private readonly raises = new Map<string, Raise>();
  private readonly ends = new Map<string, End>();

  /** Queues the changes the rules answered for a terminal. */
  add(terminalId: number, changes: readonly StatusAlarmChange[]): void {
    for (const change of changes) {
      const materialId = 'materialId' in change ? (change.materialId ?? null) : null;
      const key = `${terminalId}:${change.type}:${materialId ?? '*'}`;
      if (change.action === 'raise') {
        this.ends.delete(key);
        this.raises.set(key, { terminal_id: terminalId, type: change.type, detail: change.detail });
      } else {
        this.raises.delete(key);
        if (materialId === null) {
          // Ending all of a type supersedes what was queued for its single materials.
          for (const k of this.raises.keys())
            if (k.startsWith(`${terminalId}:${change.type}:`)) this.raises.delete(k);
        }
        this.ends.set(key, { terminal_id: terminalId, type: change.type, material_id: materialId });
      }
    }
  }

  /**
   * The rules' state of the terminals with open status alarms: all of them (read once, when the
   * server starts), or these (terminals whose channels came to this instance, in the scale-out mode).
   */
  async load(db: Database, terminalIds?: readonly number[]): Promise<Map<number, StatusAlarmState>> {
    const only = terminalIds ? sql`AND terminal_id = ANY(${intArray(terminalIds)})` : sql``;
    const rows = await queryRows<{ terminal_id: number; type: string; material_id: string | null }>(
      db,
      sql`SELECT terminal_id, type, detail->>'materialId' AS material_id FROM abnormal_alarms
        WHERE ended_at IS NULL AND type IN ('diskFull', 'downloadFailed', 'playError', 'clockDrift') ${only}`,
    );
    const states = new Map<number, StatusAlarmState>();
    for (const row of rows) {
      const state = states.get(row.terminal_id) ?? blankStatusAlarms();
      states.set(row.terminal_id, state);
      if (row.type === 'diskFull') state.diskFull = true;
      else if (row.type === 'playError') state.playError = true;
      else if (row.type === 'clockDrift') state.clockDrift = true;
      else if (row.material_id && /^[0-9]+$/.test(row.material_id)) state.failed.add(Number(row.material_id));
    }
    return states;
  }

  /** Drops what is queued for a removed terminal. */
  forget(terminalId: number): void {
    for (const map of [this.raises, this.ends]) {
      for (const key of map.keys()) if (key.startsWith(`${terminalId}:`)) map.delete(key);
    }
  }

  /**
   * Writes the queue: one statement for the ends, one for the raises. Raised for claimed
   * terminals only, never twice while one of the same type (and material) is open.
   */
  async flush(db: Database): Promise<void> {
    const ends = [...this.ends.values()];
    const raises = [...this.raises.values()];
    this.ends.clear();
    this.raises.clear();
    if (ends.length) {
      await db.execute(sql`
        UPDATE abnormal_alarms a SET ended_at = now()
        FROM jsonb_to_recordset(${jsonRows(ends)}) AS v(terminal_id int, type text, material_id int)
        WHERE a.terminal_id = v.terminal_id AND a.type = v.type AND a.ended_at IS NULL
          AND (v.material_id IS NULL OR a.detail->>'materialId' = v.material_id::text)`);
    }
    if (raises.length) {
      await db.execute(sql`
        INSERT INTO abnormal_alarms (terminal_id, office_id, type, detail)
        SELECT t.id, t.office_id, v.type, v.detail
        FROM jsonb_to_recordset(${jsonRows(raises)}) AS v(terminal_id int, type text, detail jsonb)
        JOIN terminals t ON t.id = v.terminal_id
        WHERE t.state = 'claimed' AND NOT EXISTS (
          SELECT 1 FROM abnormal_alarms a
          WHERE a.terminal_id = t.id AND a.type = v.type AND a.ended_at IS NULL
            AND (v.type <> 'downloadFailed' OR a.detail->>'materialId' = v.detail->>'materialId'))`);
    }
  }
}
