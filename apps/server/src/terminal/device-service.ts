import {
  HEARTBEAT_SECONDS,
  TERMINAL_PROTOCOL_VERSION,
  type Registration,
  type TerminalRegisterBody,
} from '@apm/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { offices, terminals } from '../db/schema/index.js';
import { AppError, conflict } from '../lib/errors.js';
import type { SettingsService } from '../modules/settings/service.js';
import { Batcher } from './batcher.js';
import { hashDeviceToken, isTokenShaped, newDeviceToken, newPairingCode } from './credentials.js';

/** What the gateway and the device calls know about an authenticated terminal. */
export interface DeviceIdentity {
  id: number;
  name: string;
  state: 'pending' | 'claimed';
  pairingCode: string | null;
  officeId: number | null;
  groupId: number | null;
  settings: Record<string, unknown>;
}

const IDENTITY_COLUMNS = {
  id: terminals.id,
  name: terminals.name,
  state: terminals.state,
  pairingCode: terminals.pairingCode,
  officeId: terminals.officeId,
  groupId: terminals.groupId,
  settings: terminals.settings,
};

/** Whether a database error (possibly wrapped by Drizzle) is a unique violation. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The registration answer (and that of `me`) of a terminal. */
export function registrationOf(
  identity: DeviceIdentity,
  token?: string,
  heartbeatSeconds = HEARTBEAT_SECONDS,
): Registration {
  return {
    terminalId: identity.id,
    ...(token ? { token } : {}),
    state: identity.state,
    pairingCode: identity.pairingCode,
    name: identity.name,
    heartbeatSeconds,
    protocolVersion: TERMINAL_PROTOCOL_VERSION,
  };
}

/**
 * Registration and authentication of terminals (device side): a new device id gets a row with a
 * unique pairing code and a device token, of which only the SHA-256 is kept.
 */
export class TerminalDeviceService {
  private readonly lookups = new Batcher<string, DeviceIdentity>((tokens) => this.authenticateMany(tokens));

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    /** The heartbeat interval terminals are told (see `heartbeatSecondsFor`). */
    readonly heartbeatSeconds = HEARTBEAT_SECONDS,
  ) {}

  /**
   * Registers a device: 409 when its device id is registered already (the terminal must use its
   * token; an operator removes it to pair it again). With `terminalAuthFree` on, the terminal is
   * claimed at once into the platform root office. `registerIp` (the caller's address as the
   * app's `trustProxy` setting resolves it) is kept for the console's auto scan.
   */
  async register(body: TerminalRegisterBody, registerIp: string | null = null): Promise<Registration> {
    const token = newDeviceToken();
    const authFree = await this.settings.get('terminalAuthFree');
    const rootOfficeId = authFree ? await this.platformRootId() : null;
    for (let attempt = 0; attempt < 8; attempt++) {
      const pairingCode = rootOfficeId === null ? newPairingCode() : null;
      try {
        const [row] = await this.db
          .insert(terminals)
          .values({
            deviceId: body.deviceId,
            name: body.name ?? `Terminal ${body.deviceId.slice(-6)}`,
            state: rootOfficeId === null ? 'pending' : 'claimed',
            pairingCode,
            tokenHash: hashDeviceToken(token),
            officeId: rootOfficeId,
            claimedAt: rootOfficeId === null ? null : new Date(),
            platform: body.platform,
            appVersion: body.appVersion,
            resolution: body.resolution ?? null,
            registerIp,
          })
          .returning(IDENTITY_COLUMNS);
        return registrationOf(row!, token, this.heartbeatSeconds);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const [existing] = await this.db
          .select({ id: terminals.id })
          .from(terminals)
          .where(eq(terminals.deviceId, body.deviceId));
        if (existing) {
          throw conflict(
            `deviceId ${body.deviceId} is registered already: use its token, or have an operator remove the terminal to pair it again`,
            'terminalRegistered',
          );
        }
        // Otherwise the pairing code was taken: draw another.
      }
    }
    throw new AppError(503, 'No free pairing code was found; try again', 'pairingCodeBusy');
  }

  /**
   * The terminal holding a device token, or null (unknown, malformed or revoked). Lookups made
   * while one runs go together in the next query (a fleet reconnecting costs a few queries).
   */
  async authenticate(token: string | null | undefined): Promise<DeviceIdentity | null> {
    if (!token || !isTokenShaped(token)) return null;
    return (await this.lookups.load(token)) ?? null;
  }

  /** The terminals holding these tokens, in one query (channels opening together); unknown ones are left out. */
  async authenticateMany(tokens: readonly string[]): Promise<Map<string, DeviceIdentity>> {
    const byHash = new Map(tokens.filter(isTokenShaped).map((t) => [hashDeviceToken(t), t]));
    const out = new Map<string, DeviceIdentity>();
    if (byHash.size === 0) return out;
    const rows = await this.db
      .select({ ...IDENTITY_COLUMNS, tokenHash: terminals.tokenHash })
      .from(terminals)
      .where(inArray(terminals.tokenHash, [...byHash.keys()]));
    for (const { tokenHash, ...identity } of rows) out.set(byHash.get(tokenHash)!, identity);
    return out;
  }

  private async platformRootId(): Promise<number> {
    const [root] = await this.db
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.kind, 'platform'), isNull(offices.parentId)))
      .limit(1);
    if (!root) throw new AppError(503, 'The system is not initialised yet', 'notInitialised');
    return root.id;
  }
}
