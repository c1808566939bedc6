import { COMMAND_PARAMS } from '@apm/contract';
import { Value } from 'typebox/value';
import type { PowerEntry } from './power-schedule.js';

/** The terminal settings the server keeps for the player (volume, power schedule). */
export interface ServerSettings {
  volume?: number;
  powerSchedule?: PowerEntry[];
}

/**
 * The settings of a `welcome` (or manifest) that the player applies: those the console stored
 * with `terminalSet`, re-sent on every connect so that a terminal offline when they were sent
 * still gets them. Values the commands would refuse are left out.
 */
export function settingsFromServer(raw: Record<string, unknown> | null | undefined): ServerSettings {
  const out: ServerSettings = {};
  if (!raw) return out;
  if (Value.Check(COMMAND_PARAMS.volume, { volume: raw.volume })) out.volume = raw.volume as number;
  if (Value.Check(COMMAND_PARAMS.powerSchedule, { entries: raw.powerSchedule })) {
    out.powerSchedule = raw.powerSchedule as PowerEntry[];
  }
  return out;
}
