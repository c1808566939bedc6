import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { jsonRows } from './sql.js';

/** The command whose acknowledgement carries the terminal's own position ("auto get position"). */
export const REPORT_LOCATION = 'reportLocation';

/** An acknowledged `reportLocation` command: which terminal answered, and its ack result. */
export interface LocationAnswer {
  commandId: number;
  terminalId: number;
  result: unknown;
}

/** A position a terminal reported, in degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The position in a `reportLocation` ack result, or why it is not one (naming the field):
 * latitude −90…90 and longitude −180…180 degrees; accuracy, when given, metres ≥ 0.
 */
export function positionOf(result: unknown): Position | string {
  if (typeof result !== 'object' || result === null) return 'result is not an object';
  const { latitude, longitude, accuracy } = result as Record<string, unknown>;
  if (!isNumber(latitude) || latitude < -90 || latitude > 90)
    return 'result.latitude must be a number from -90 to 90';
  if (!isNumber(longitude) || longitude < -180 || longitude > 180)
    return 'result.longitude must be a number from -180 to 180';
  if (accuracy !== undefined && accuracy !== null && (!isNumber(accuracy) || accuracy < 0))
    return 'result.accuracy must be a number of metres ≥ 0';
  return { latitude, longitude };
}

/**
 * Keeps the reported positions on the terminal rows in one statement (the latest answer per
 * terminal wins); answers that are not a valid position are logged and left out.
 */
export async function storeReportedLocations(
  db: Database,
  answers: readonly LocationAnswer[],
  log: FastifyBaseLogger | null,
): Promise<void> {
  const latest = new Map<number, Position & { commandId: number }>();
  for (const answer of answers) {
    const position = positionOf(answer.result);
    if (typeof position === 'string') {
      log?.warn(
        { terminalId: answer.terminalId, commandId: answer.commandId, problem: position },
        'terminal reported an invalid location; ignored',
      );
      continue;
    }
    const prev = latest.get(answer.terminalId);
    if (!prev || prev.commandId < answer.commandId)
      latest.set(answer.terminalId, { ...position, commandId: answer.commandId });
  }
  if (latest.size === 0) return;
  const rows = [...latest].map(([id, p]) => ({ id, latitude: p.latitude, longitude: p.longitude }));
  await db.execute(sql`
    UPDATE terminals t SET latitude = v.latitude, longitude = v.longitude, updated_at = now()
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(id int, latitude float8, longitude float8)
    WHERE t.id = v.id`);
}
