import type { CommandName, TerminalStatus } from '@apm/contract';

/** The part of a terminal's status that an acknowledged command has changed. */
export type StatusChange = Partial<Pick<TerminalStatus, 'volume'>>;

const isVolume = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100;

/**
 * What an acknowledged command changed in the terminal's status, known before its next heartbeat:
 * the volume the terminal says it set (else the one it was asked for); null when nothing shown changed.
 */
export function statusChangeOf(
  name: CommandName,
  params: Record<string, unknown>,
  result: object | undefined,
): StatusChange | null {
  if (name !== 'volume') return null;
  const told = (result as { volume?: unknown } | undefined)?.volume;
  const volume = isVolume(told) ? told : params.volume;
  return isVolume(volume) ? { volume } : null;
}
