import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminals } from '../../db/schema/index.js';
import { fieldError } from '../users/user-access.js';

/** How far back auto scan looks for registrations. */
export const AUTO_SCAN_WINDOW_MS = 24 * 3600 * 1000;
/** Most terminals one scan answers (newest first). */
export const AUTO_SCAN_LIMIT = 50;

/** A terminal auto scan found. */
export interface ScannedTerminal {
  id: number;
  deviceId: string;
  name: string;
  platform: string;
  appVersion: string | null;
  resolution: string | null;
  registeredAt: string;
  online: boolean;
}

/** A found terminal with what claiming it needs. */
export type ScannedTerminalInfo = ScannedTerminal & { pairingCode: string | null };

const columns = {
  id: terminals.id,
  deviceId: terminals.deviceId,
  name: terminals.name,
  platform: terminals.platform,
  appVersion: terminals.appVersion,
  resolution: terminals.resolution,
  createdAt: terminals.createdAt,
  pairingCode: terminals.pairingCode,
};

/**
 * Auto scan: the pending terminals that registered from the operator's own network address in
 * the last day, i.e. the screens in the room the operator is in (behind the same NAT). The
 * address is the request's as the app's `trustProxy` setting resolves it.
 */
export class TerminalScanService {
  constructor(
    private readonly db: Database,
    /** Which of these terminals are online (live presence, wherever their channels are). */
    private readonly onlineOf: (ids: readonly number[]) => Promise<Set<number>>,
  ) {}

  /** Pending terminals registered from `ip` in the window, newest first (no pairing codes). */
  async scan(ip: string): Promise<ScannedTerminal[]> {
    const rows = await this.db
      .select(columns)
      .from(terminals)
      .where(this.near(ip))
      .orderBy(desc(terminals.createdAt), desc(terminals.id))
      .limit(AUTO_SCAN_LIMIT);
    const online = await this.onlineOf(rows.map((r) => r.id));
    return rows.map(({ pairingCode: _code, ...row }) => this.toScanned(row, online));
  }

  /** One terminal the scan from `ip` finds, with its pairing code; 404 naming `terminalId` otherwise. */
  async info(ip: string, terminalId: number): Promise<ScannedTerminalInfo> {
    const [row] = await this.db
      .select(columns)
      .from(terminals)
      .where(and(eq(terminals.id, terminalId), this.near(ip)));
    if (!row) {
      throw fieldError(
        404,
        'terminalId',
        `terminalId: terminal ${terminalId} is not waiting to be claimed near you`,
        'notFound',
      );
    }
    const { pairingCode, ...rest } = row;
    return { ...this.toScanned(rest, await this.onlineOf([row.id])), pairingCode };
  }

  private near(ip: string) {
    return and(
      eq(terminals.state, 'pending'),
      isNull(terminals.officeId),
      eq(terminals.registerIp, ip),
      gt(terminals.createdAt, new Date(Date.now() - AUTO_SCAN_WINDOW_MS)),
    );
  }

  private toScanned(row: Omit<ScanRow, 'pairingCode'>, online: Set<number>): ScannedTerminal {
    const { createdAt, ...rest } = row;
    return { ...rest, registeredAt: createdAt.toISOString(), online: online.has(row.id) };
  }
}

interface ScanRow {
  id: number;
  deviceId: string;
  name: string;
  platform: string;
  appVersion: string | null;
  resolution: string | null;
  createdAt: Date;
  pairingCode: string | null;
}
