import type { StrategyVolumeRule } from '@apm/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { strategies, strategyTerminals, terminalCommands, terminals, users } from '../../db/schema/index.js';
import type { TerminalPresence } from '../../terminal/presence.js';
import type { AuthContext } from '../auth/session-service.js';
import type { CommandSender } from './command-service.js';
import { deliveryOf, lastCommands, terminalInScope, type SettingDelivery } from './settings-state.js';
import type { Page } from './terminal-service.js';
import { terminalScope } from './terminal-scope.js';

/** The volume a terminal plays at when nothing set one (the players' default). */
export const DEFAULT_VOLUME = 100;

const volumeOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;

/** A volume command in the history. */
export type VolumeChange = SettingDelivery & {
  terminalId: number;
  terminalName: string;
  volume: number | null;
  createdBy: string | null;
};

/** Volume messages: what volume a terminal is set to and reports, by source, and the history of changes. */
export class VolumeMessages {
  constructor(
    private readonly db: Database,
    private readonly presence: Pick<TerminalPresence, 'live'>,
    private readonly sender: Pick<CommandSender, 'flush'>,
  ) {}

  /** The volume set on a terminal in scope (404 naming `terminalId`), the one reported, the last command. */
  async current(auth: AuthContext, terminalId: number) {
    const row = await terminalInScope(this.db, auth, terminalId);
    await this.sender.flush();
    const [[live], last] = await Promise.all([
      this.presence.live([terminalId]),
      lastCommands(this.db, [terminalId], ['volume']),
    ]);
    return {
      terminalId,
      name: row.name,
      online: live?.online ?? false,
      setting: volumeOf(row.settings.volume),
      reported: live?.status?.volume ?? null,
      lastCommand: last.get(terminalId)?.get('volume') ?? null,
    };
  }

  /** The volume by source: set in the console, by the terminal's strategy (its rules), the default. */
  async bySource(auth: AuthContext, terminalId: number) {
    const row = await terminalInScope(this.db, auth, terminalId);
    const [linked] = await this.db
      .select({ id: strategies.id, name: strategies.name, document: strategies.document })
      .from(strategyTerminals)
      .innerJoin(strategies, eq(strategies.id, strategyTerminals.strategyId))
      .where(eq(strategyTerminals.terminalId, terminalId));
    const rules = linked?.document.volume;
    return {
      terminalId,
      manual: volumeOf(row.settings.volume),
      strategy: linked
        ? {
            id: linked.id,
            name: linked.name,
            rules: Array.isArray(rules) ? (rules as StrategyVolumeRule[]) : [],
          }
        : null,
      default: DEFAULT_VOLUME,
    };
  }

  /** Volume commands of one terminal (404 when out of scope) or of all in scope, newest first. */
  async history(
    auth: AuthContext,
    terminalId: number | undefined,
    paging: { pageNo: number; pageSize: number },
  ): Promise<Page<VolumeChange>> {
    if (terminalId !== undefined) await terminalInScope(this.db, auth, terminalId);
    await this.sender.flush();
    const where = and(
      eq(terminalCommands.name, 'volume'),
      await terminalScope(this.db, auth),
      terminalId !== undefined ? eq(terminalCommands.terminalId, terminalId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ command: terminalCommands, terminalName: terminals.name, createdBy: users.name })
        .from(terminalCommands)
        .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
        .leftJoin(users, eq(users.id, terminalCommands.createdBy))
        .where(where)
        .orderBy(desc(terminalCommands.id))
        .limit(paging.pageSize)
        .offset((paging.pageNo - 1) * paging.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(terminalCommands)
        .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
        .where(where),
    ]);
    return {
      list: rows.map(({ command, terminalName, createdBy }) => ({
        ...deliveryOf(command),
        terminalId: command.terminalId,
        terminalName,
        volume: volumeOf(command.params.volume),
        createdBy,
      })),
      count: Number(total?.n ?? 0),
      ...paging,
    };
  }
}
