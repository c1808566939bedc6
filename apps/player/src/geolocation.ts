import { CommandRefused } from './commands.js';

/** How long a terminal looks for its position before giving up (a GPS fix indoors may never come). */
export const POSITION_TIMEOUT_MS = 10_000;

/** The part of `navigator.geolocation` the player uses (injected in tests). */
export type PositionSource = Pick<Geolocation, 'getCurrentPosition'>;

/** The position a terminal reports: degrees, and accuracy in metres. */
export interface ReportedPosition extends Record<string, unknown> {
  latitude: number;
  longitude: number;
  accuracy: number;
}

const REASONS: Record<number, string> = {
  1: 'geolocation permission denied',
  2: 'position unavailable',
  3: 'no position within the time limit',
};

/**
 * The device's current position, for the `reportLocation` command; refuses with an operator-facing
 * reason when the browser has no geolocation, it is denied or unavailable, or takes longer than
 * `timeoutMs` (also while a permission prompt nobody answers is open on a kiosk).
 */
export function currentPosition(
  source: PositionSource | null | undefined,
  timeoutMs = POSITION_TIMEOUT_MS,
): Promise<ReportedPosition> {
  if (!source || typeof source.getCurrentPosition !== 'function') {
    return Promise.reject(new CommandRefused('geolocation is not available on this terminal'));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      done();
    };
    // The API's own timeout does not count the time a permission prompt stays open.
    const guard = setTimeout(() => settle(() => reject(new CommandRefused(REASONS[3]!))), timeoutMs + 1000);
    try {
      source.getCurrentPosition(
        ({ coords }) =>
          settle(() =>
            resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
          ),
        (error) =>
          settle(() =>
            reject(
              new CommandRefused(
                REASONS[error.code] ?? `geolocation failed${error.message ? `: ${error.message}` : ''}`,
              ),
            ),
          ),
        { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch (err) {
      // Some browsers throw outright on an insecure origin instead of calling back.
      settle(() =>
        reject(new CommandRefused(`geolocation failed: ${err instanceof Error ? err.message : String(err)}`)),
      );
    }
  });
}
