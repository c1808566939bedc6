import { readFile } from 'node:fs/promises';
import type { ProgramDocument, ScreenMismatchDetail } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { FilesDir } from '../modules/materials/files-dir.js';
import { poweredOff } from './offline-alarms.js';
import {
  FROZEN_DISTANCE,
  FROZEN_MAX_GAP_MS,
  FROZEN_MIN_GAP_MS,
  fingerprint,
  fingerprintDistance,
  isBlank,
  motionVideoIds,
  moves,
  mustHaveChanged,
  programMotion,
  type ScreenMotion,
} from './screen-motion.js';
import { intArray, queryRows } from './sql.js';

/**
 * What a screenshot says of the screen: `blank` or `frozen` raise the terminal's `screenMismatch`
 * alarm; `fine` ends it; `notBlank` ends only a blank one (whether the screen froze is unknown);
 * `unknown` changes nothing (nothing playing, a scheduled power-off).
 */
export type ScreenVerdict =
  { kind: 'blank' | 'frozen'; detail: ScreenMismatchDetail } | { kind: 'fine' | 'notBlank' | 'unknown' };

/** Earlier screenshots looked at: enough to reach one `FROZEN_MIN_GAP_MS` older at one a minute. */
const LOOK_BACK = 20;
/** Fingerprints kept in memory (by screenshot id), so the previous one is rarely decoded again. */
const KEPT_PRINTS = 2000;

interface Context {
  state: string;
  playing: { kind?: string; id?: number; name?: string } | null;
  document: ProgramDocument | null;
}

/**
 * Checks each screenshot a terminal uploads for a blank or frozen screen and raises or ends its
 * one `screenMismatch` alarm. Everything it needs is in the database and the files dir (the
 * terminal's reported status, the program, the earlier screenshots), so any instance may check
 * any upload: a raise inserts only while no `screenMismatch` alarm of the terminal is open.
 */
export class ScreenCheck {
  private readonly prints = new Map<number, Buffer>();

  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
    private readonly timeZone: string,
  ) {}

  /** Checks screenshot `shotId` (stored at `at`, these bytes) and raises or ends the alarm. */
  async check(terminalId: number, shotId: number, at: Date, image: Buffer): Promise<ScreenVerdict> {
    const verdict = await this.judge(terminalId, shotId, at, image);
    if (verdict.kind === 'blank' || verdict.kind === 'frozen') await this.raise(terminalId, verdict.detail);
    else if (verdict.kind !== 'unknown') await this.end(terminalId, verdict.kind === 'fine');
    return verdict;
  }

  /** Keeps a fingerprint, dropping the oldest past `KEPT_PRINTS`. */
  private keep(id: number, print: Buffer): void {
    this.prints.set(id, print);
    if (this.prints.size > KEPT_PRINTS) this.prints.delete(this.prints.keys().next().value!);
  }

  private async judge(terminalId: number, shotId: number, at: Date, image: Buffer): Promise<ScreenVerdict> {
    const print = await fingerprint(image);
    this.keep(shotId, print);
    const context = await this.context(terminalId);
    const kind = context?.playing?.kind;
    if (!context || context.state !== 'claimed' || (kind !== 'program' && kind !== 'message')) {
      return { kind: 'unknown' };
    }
    const playing = context.playing?.name ?? (context.playing?.id ? `${kind} ${context.playing.id}` : null);
    const motion = context.document ? await this.motion(context.document) : null;
    if (isBlank(print)) {
      if (motion?.mayBeOneColour) return { kind: 'fine' };
      // A screen its power schedule turned off is dark on purpose.
      if ((await poweredOff(this.db, [terminalId], this.timeZone, at.getTime())).size)
        return { kind: 'unknown' };
      return { kind: 'blank', detail: { reason: 'blank', screenshotId: shotId, playing } };
    }
    if (!motion) return { kind: 'notBlank' };
    if (!moves(motion)) return { kind: 'fine' };
    return this.compare(terminalId, shotId, at, print, motion, playing);
  }

  /** A moving program: frozen when equal to a screenshot minutes older that must have differed. */
  private async compare(
    terminalId: number,
    shotId: number,
    at: Date,
    print: Buffer,
    motion: ScreenMotion,
    playing: string | null,
  ): Promise<ScreenVerdict> {
    const earlier = await queryRows<{ id: number; path: string; created_at: string | Date }>(
      this.db,
      sql`SELECT id, path, created_at FROM terminal_screenshots
        WHERE terminal_id = ${terminalId} AND id < ${shotId}
          AND created_at >= ${new Date(at.getTime() - FROZEN_MAX_GAP_MS).toISOString()}::timestamptz
        ORDER BY id DESC LIMIT ${LOOK_BACK}`,
    );
    const latest = earlier[0];
    const older = earlier.find(
      (row) => at.getTime() - new Date(row.created_at).getTime() >= FROZEN_MIN_GAP_MS,
    );
    const olderDistance = older ? await this.distance(print, older) : null;
    if (older && olderDistance !== null && olderDistance <= FROZEN_DISTANCE) {
      const gap = at.getTime() - new Date(older.created_at).getTime();
      if (mustHaveChanged(motion, gap)) {
        return {
          kind: 'frozen',
          detail: { reason: 'frozen', screenshotId: shotId, sameAsScreenshotId: older.id, playing },
        };
      }
    }
    if (olderDistance !== null && olderDistance > FROZEN_DISTANCE) return { kind: 'fine' };
    if (latest && latest !== older) {
      const latestDistance = await this.distance(print, latest);
      if (latestDistance !== null && latestDistance > FROZEN_DISTANCE) return { kind: 'fine' };
    }
    return { kind: 'notBlank' };
  }

  /** How far a stored screenshot is from this fingerprint; null when its file cannot be read. */
  private async distance(print: Buffer, row: { id: number; path: string }): Promise<number | null> {
    let other = this.prints.get(row.id);
    if (!other) {
      try {
        other = await fingerprint(await readFile(this.filesDir.resolveFilePath(row.path)));
      } catch {
        return null;
      }
      this.keep(row.id, other);
    }
    return fingerprintDistance(print, other);
  }

  /** The terminal's state, what it last reported playing and, for a program, its document. */
  private async context(terminalId: number): Promise<Context | null> {
    const [row] = await queryRows<Context>(
      this.db,
      sql`SELECT t.state, t.status->'playing' AS playing, p.document
        FROM terminals t
        LEFT JOIN programs p ON t.status->'playing'->>'kind' = 'program'
          AND p.id = CASE WHEN t.status->'playing'->>'id' ~ '^[0-9]{1,9}$'
            THEN (t.status->'playing'->>'id')::int END
        WHERE t.id = ${terminalId}`,
    );
    return row ?? null;
  }

  /** How the program moves, with the lengths of its videos. */
  private async motion(doc: ProgramDocument): Promise<ScreenMotion | null> {
    if (!Array.isArray(doc.scenes) || !doc.canvas) return null;
    const ids = motionVideoIds(doc);
    const lengths = new Map<number, number | null>();
    if (ids.length) {
      const rows = await queryRows<{ id: number; duration_ms: number | null }>(
        this.db,
        sql`SELECT m.id, f.duration_ms FROM materials m JOIN material_files f ON f.id = m.file_id
          WHERE m.id = ANY(${intArray(ids)})`,
      );
      for (const row of rows) lengths.set(row.id, row.duration_ms);
    }
    return programMotion(doc, (id) => lengths.get(id) ?? null);
  }

  /** Raises the terminal's alarm: claimed terminals only, never a second while one is open. */
  private async raise(terminalId: number, detail: ScreenMismatchDetail): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO abnormal_alarms (terminal_id, office_id, type, detail)
      SELECT t.id, t.office_id, 'screenMismatch', ${JSON.stringify(detail)}::jsonb
      FROM terminals t
      WHERE t.id = ${terminalId} AND t.state = 'claimed' AND NOT EXISTS (
        SELECT 1 FROM abnormal_alarms a
        WHERE a.terminal_id = t.id AND a.type = 'screenMismatch' AND a.ended_at IS NULL)`);
  }

  /** Ends the terminal's open alarm (`all`: whatever its reason; else only a blank one). */
  private async end(terminalId: number, all: boolean): Promise<void> {
    const reason = all ? sql`` : sql`AND detail->>'reason' = 'blank'`;
    await this.db.execute(sql`
      UPDATE abnormal_alarms SET ended_at = now()
      WHERE terminal_id = ${terminalId} AND type = 'screenMismatch' AND ended_at IS NULL ${reason}`);
  }
}
