import { and, count, eq, inArray, isNotNull, like, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  messageTerminals,
  messages,
  offices,
  planPublications,
  plans,
  programPublications,
  programs,
  terminals,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { TerminalBus } from '../../terminal/bus.js';
import { intArray } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope, pathIds, type OfficeRow } from '../offices/office-scope.js';
import { fieldError, requirePermission } from '../users/user-access.js';
import { groupInScope } from './group-queries.js';
import type { TerminalScreenshotService } from './screenshot-service.js';
import { terminalsInScope } from './terminal-scope.js';

/** Longest terminal name. */
export const TERMINAL_NAME_MAX = 100;

/** `updateTerminalOffice`: claim one pending terminal by its code, or move/rename claimed ones. */
export interface ClaimInput {
  pairingCode?: string;
  terminalIds?: number[];
  /** Required to claim; absent when moving = keep each terminal's office. */
  officeId?: number;
  /** A group of the target office; null = no group; absent = no group on claim, kept on a move within the office. */
  groupId?: number | null;
  name?: string;
}

type TerminalRow = typeof terminals.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pairing codes are shown in capitals; people type them with spaces or dashes. */
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * Takes from terminals arriving in the office at `officePath` what another tenant published to them:
 * programs, plans and messages of offices outside the arriving office's tenant. A terminal moved to
 * another customer plays none of its former customer's content (its claim announcement makes it fetch
 * its manifest again).
 */
async function dropForeignContent(tx: Tx, officePath: string, terminalIds: number[]): Promise<void> {
  const ids = intArray(terminalIds);
  const root = sql`(SELECT r.path FROM ${offices} r WHERE r.kind IN ('platform', 'agent', 'customer')
    AND ${officePath} LIKE r.path || '%' ORDER BY length(r.path) DESC LIMIT 1) || '%'`;
  await tx.execute(sql`DELETE FROM ${programPublications} pp USING ${programs} p, ${offices} o
    WHERE pp.terminal_id = ANY(${ids}) AND p.id = pp.program_id AND o.id = p.office_id AND o.path NOT LIKE ${root}`);
  await tx.execute(sql`DELETE FROM ${planPublications} pp USING ${plans} p, ${offices} o
    WHERE pp.terminal_id = ANY(${ids}) AND p.id = pp.plan_id AND o.id = p.office_id AND o.path NOT LIKE ${root}`);
  await tx.execute(sql`UPDATE ${messageTerminals} mt SET stopped_at = now() FROM ${messages} m, ${offices} o
    WHERE mt.terminal_id = ANY(${ids}) AND mt.stopped_at IS NULL AND m.id = mt.message_id
      AND o.id = m.office_id AND o.path NOT LIKE ${root}`);
}

/**
 * Claiming terminals into offices, moving and renaming them, and removing them; every change
 * reaches the terminal over the bus (`claimed`, `revoked`).
 */
export class TerminalClaimService {
  constructor(
    private readonly db: Database,
    private readonly bus: TerminalBus,
    private readonly screenshots: TerminalScreenshotService,
  ) {}

  /** Claims (pairingCode; terminal:monitor:add) or moves/renames (terminalIds; terminal:monitor:edit). */
  async update(auth: AuthContext, input: ClaimInput): Promise<{ terminalIds: number[] }> {
    const name = input.name === undefined ? undefined : this.checkName(input.name);
    if (input.pairingCode !== undefined && input.terminalIds?.length) {
      throw fieldError(400, 'pairingCode', 'Give either pairingCode (claim) or terminalIds (move), not both');
    }
    if (input.pairingCode !== undefined) return this.claim(auth, input, name);
    if (!input.terminalIds?.length) {
      throw fieldError(400, 'terminalIds', 'terminalIds or pairingCode is required');
    }
    return this.move(auth, input.terminalIds, input, name);
  }

  private async claim(auth: AuthContext, input: ClaimInput, name: string | undefined) {
    requirePermission(auth, 'terminal:monitor:add');
    const code = normaliseCode(input.pairingCode!);
    if (!/^[A-Z0-9]{4,12}$/.test(code)) {
      throw fieldError(400, 'pairingCode', 'pairingCode must be the code shown on the terminal’s screen');
    }
    if (input.officeId === undefined) throw fieldError(400, 'officeId', 'officeId is required to claim');
    const office = await officeInScope(this.db, auth, input.officeId, 'officeId');
    const groupId = await this.groupFor(auth, office.id, input.groupId ?? null);
    const claimed = await this.db.transaction(async (tx) => {
      const [terminal] = await tx
        .select()
        .from(terminals)
        .where(and(eq(terminals.pairingCode, code), eq(terminals.state, 'pending')))
        .for('update');
      if (!terminal) {
        throw fieldError(
          404,
          'pairingCode',
          `pairingCode: no terminal is waiting with the code ${code}`,
          'notFound',
        );
      }
      await this.assertQuota(tx, office, [terminal]);
      const [row] = await tx
        .update(terminals)
        .set({
          state: 'claimed',
          pairingCode: null,
          officeId: office.id,
          groupId,
          name: name ?? terminal.name,
          claimedBy: auth.userId,
          claimedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(terminals.id, terminal.id))
        .returning();
      return row!;
    });
    this.announce([claimed]);
    return { terminalIds: [claimed.id] };
  }

  private async move(auth: AuthContext, ids: number[], input: ClaimInput, name: string | undefined) {
    requirePermission(auth, 'terminal:monitor:edit');
    const rows = await terminalsInScope(this.db, auth, ids);
    const pending = rows.find((r) => r.state !== 'claimed');
    if (pending) {
      throw fieldError(
        400,
        'terminalIds',
        `terminalIds: ${pending.name} is not claimed yet; claim it by its pairing code`,
      );
    }
    if (name !== undefined && rows.length > 1) {
      throw fieldError(400, 'name', 'name: only one terminal can be renamed at a time');
    }
    const office =
      input.officeId === undefined ? null : await officeInScope(this.db, auth, input.officeId, 'officeId');
    if (!office && input.groupId && new Set(rows.map((r) => r.officeId)).size > 1) {
      throw fieldError(
        400,
        'groupId',
        'groupId: the terminals belong to different offices; give officeId too',
      );
    }
    const targetOfficeId = office?.id ?? rows[0]!.officeId!;
    const groupId =
      input.groupId === undefined ? undefined : await this.groupFor(auth, targetOfficeId, input.groupId);
    const updated = await this.db.transaction(async (tx) => {
      if (office) await this.assertQuota(tx, office, rows);
      const leavingOffice = office ? rows.filter((r) => r.officeId !== office.id).map((r) => r.id) : [];
      const out: TerminalRow[] = [];
      const set = {
        ...(office ? { officeId: office.id } : {}),
        ...(groupId !== undefined ? { groupId } : {}),
        ...(name !== undefined ? { name } : {}),
        updatedAt: new Date(),
      };
      out.push(...(await tx.update(terminals).set(set).where(inArray(terminals.id, ids)).returning()));
      // A group belongs to one office: terminals that changed office leave their old group.
      if (leavingOffice.length && groupId === undefined) {
        await tx.update(terminals).set({ groupId: null }).where(inArray(terminals.id, leavingOffice));
        for (const r of out) if (leavingOffice.includes(r.id)) r.groupId = null;
      }
      if (office && leavingOffice.length) await dropForeignContent(tx, office.path, leavingOffice);
      return out;
    });
    this.announce(updated);
    return { terminalIds: updated.map((r) => r.id) };
  }

  /** Removes terminals (terminal:monitor:delete): rows, their history and screenshots; their channels close. */
  async remove(auth: AuthContext, ids: number[]): Promise<{ removed: number }> {
    const rows = await terminalsInScope(this.db, auth, ids);
    const files = await this.screenshots.filesOf(ids);
    await this.db.delete(terminals).where(inArray(terminals.id, ids));
    await this.screenshots.removeFiles(ids, files);
    this.bus.publish(
      rows.map((r) => ({
        terminalId: r.id,
        message: { type: 'revoked' as const, reason: 'The terminal was removed by an operator' },
      })),
    );
    return { removed: rows.length };
  }

  private announce(rows: TerminalRow[]): void {
    this.bus.publish(
      rows.map((r) => ({
        terminalId: r.id,
        message: { type: 'claimed' as const, name: r.name, officeId: r.officeId!, groupId: r.groupId },
      })),
    );
  }

  private checkName(raw: string): string {
    const name = raw.trim();
    if (!name) throw fieldError(400, 'name', 'name must not be empty');
    if (name.length > TERMINAL_NAME_MAX) {
      throw fieldError(400, 'name', `name must be at most ${TERMINAL_NAME_MAX} characters`);
    }
    return name;
  }

  /** The group for terminals of `officeId`: it must be a group of that office (400 naming groupId). */
  private async groupFor(
    auth: AuthContext,
    officeId: number,
    groupId: number | null,
  ): Promise<number | null> {
    if (groupId === null) return null;
    const group = await groupInScope(this.db, auth, groupId, 'groupId');
    if (group.officeId !== officeId) {
      throw fieldError(400, 'groupId', `groupId: group ${group.name} belongs to another office`);
    }
    return group.id;
  }

  /**
   * 409 naming the customer or agent whose terminal quota the arriving terminals would exceed:
   * every tenant office at or above the target counts the claimed terminals of its whole subtree.
   * The quota offices are locked so that two claims cannot both take the last place.
   */
  private async assertQuota(tx: Tx, target: OfficeRow, arriving: TerminalRow[]): Promise<void> {
    const limited = await tx
      .select()
      .from(offices)
      .where(and(inArray(offices.id, pathIds(target.path)), isNotNull(offices.terminalQuota)))
      .for('update');
    for (const owner of limited) {
      if (owner.kind === 'office') continue;
      const under = like(offices.path, `${escapeLike(owner.path)}%`);
      const officeIds = tx.select({ id: offices.id }).from(offices).where(under);
      const [held] = await tx
        .select({ n: count() })
        .from(terminals)
        .where(
          and(
            eq(terminals.state, 'claimed'),
            inArray(terminals.officeId, officeIds),
            arriving.length
              ? not(
                  inArray(
                    terminals.id,
                    arriving.map((r) => r.id),
                  ),
                )
              : undefined,
          ),
        );
      const needed = Number(held?.n ?? 0) + arriving.length;
      if (needed > owner.terminalQuota!) {
        throw new AppError(
          409,
          `${owner.name} may hold at most ${owner.terminalQuota} terminals; this would make ${needed}`,
          'terminalQuotaExceeded',
          {
            officeId: owner.id,
            officeName: owner.name,
            field: 'terminalQuota',
            limit: owner.terminalQuota,
            needed,
          },
        );
      }
    }
  }
}
