import type { TerminalBus } from '../../terminal/bus.js';
import type { ProgramManifestService } from './manifest-service.js';

/** Terminals per version query and bus batch (well below PostgreSQL's limit of bound parameters). */
export const TERMINAL_CHUNK = 5000;

/** Splits a list into chunks of at most `size`. */
export function chunks<T>(list: readonly T[], size = TERMINAL_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Tells terminals their manifest changed: one `{type:'manifest', version}` per terminal, published on
 * the bus in batches (the gateway holding each terminal's channel delivers it).
 */
export async function announceManifests(
  manifest: ProgramManifestService,
  bus: TerminalBus,
  terminalIds: readonly number[],
): Promise<void> {
  for (const chunk of chunks([...new Set(terminalIds)])) {
    const versions = await manifest.versionsFor(chunk);
    bus.publish(
      [...versions].map(([terminalId, version]) => ({ terminalId, message: { type: 'manifest', version } })),
    );
  }
}
