import { randomUUID } from 'node:crypto';
import {
  COMMAND_DEFAULT_TTL_SECONDS,
  COMMAND_NAMES,
  COMMAND_PARAMS,
  type CommandDeliveryState,
  type CommandName,
  type TerminalPairingState,
} from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Compile, type Validator } from 'typebox/compile';
import type { Database } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import type { TerminalBus, TerminalDelivery } from './bus.js';
import { REPORT_LOCATION, storeReportedLocations } from './reported-location.js';
import { intArray, jsonRows, queryRows, Serial } from './sql.js';

/** What `send` is asked to do. */
export interface SendCommandInput {
  terminalIds: readonly number[];
  name: CommandName;
  params?: Record<string, unknown>;
  /** The operator (user id), or null for the system. */
  createdBy: number | null;
  /** How long a command to an offline terminal waits (default 24 h). */
  ttlSeconds?: number;
  /**
   * The pairing state of every terminal of `terminalIds`, when the caller has just read them
   * (saves a query when commanding thousands); otherwise `send` reads them.
   */
  terminalStates?: ReadonlyMap<number, TerminalPairingState>;
}

/** What `send` did: one command per terminal, all in one batch. */
export interface SentCommands {
  batchId: string;
  commands: { id: number; terminalId: number; state: CommandDeliveryState }[];
}

/** A command as the channel carries it. */
export interface OpenCommand {
  commandId: number;
  name: CommandName;
  params: Record<string, unknown>;
  expiresAt: string;
}

/** A buffered state change of one command (times in ms since the epoch, made ISO at the write). */
interface PendingUpdate {
  id: number;
  state: CommandDeliveryState;
  sentAt?: number;
  doneAt?: number;
  result?: object | null;
  error?: string | null;
}

/** The command that carries a strategy; its acks are recorded on `strategy_terminals` too. */
const APPLY_STRATEGY: CommandName = 'applyStrategy';
const MAX_TTL_SECONDS = 30 * 24 * 3600;
/** Rows per statement when a command goes to thousands of terminals (one statement up to this many). */
const INSERT_SLICE = 2000;
/**
 * How often buffered delivery state is written: the console's delivery view (and the other instances)
 * sees a fleet's acks a quarter second after they come, and a burst of thousands still goes in a few
 * statements; with nothing buffered a tick writes nothing.
 */
const WRITE_EVERY_MS = 250;
/**
 * How long the timer leaves a `sent` unwritten: a terminal answers within milliseconds, and sent and
 * answer then go in one row update instead of two (each rewrites the row's index entries).
 */
const SENT_WAIT_MS = 1000;
const validators = new Map<CommandName, Validator>();

/** Why `params` are not valid params of the command, naming the field (`params.volume ...`), or null. */
export function commandParamsError(name: CommandName, params: unknown): string | null {
  let validator = validators.get(name);
  if (!validator) {
    validator = Compile(COMMAND_PARAMS[name]);
    validators.set(name, validator);
  }
  if (validator.Check(params)) return null;
  const messages: string[] = [];
  for (const issue of validator.Errors(params) as Iterable<{
    instancePath: string;
    message: string;
    keyword: string;
  }>) {
    if (issue.keyword === 'boolean') continue;
    messages.push(`${['params', ...issue.instancePath.split('/').slice(1)].join('.')} ${issue.message}`);
    if (messages.length >= 5) break;
  }
  return messages.join('; ') || 'params are invalid';
}

/**
 * Commands to terminals with delivery state. `send` writes one multi-row insert (2,000 rows per
 * statement beyond that), every command `queued`, then publishes them on the bus; the gateway that
 * holds a terminal's open channel writes it there and marks it `sent`, and the others wait until
 * their terminals connect or the command expires. State changes from the channel (sent,
 * acknowledged) are buffered and written in batches, one statement per flush; `flush()` makes the
 * table current. A command answered on a channel whose instance died before writing the answer
 * stays `sent` and is delivered again on reconnect; the terminal answers it again from its record.
 */
export class TerminalCommandService {
  private readonly pending = new Map<number, PendingUpdate>();
  /** Changes being written now (still unknown to the table while the statement runs). */
  private writing = new Map<number, PendingUpdate>();
  private readonly serial = new Serial();
  private timers: NodeJS.Timeout[] = [];
  private log: FastifyBaseLogger | null = null;
  /** When the earliest waiting command this instance knows of expires (0: look at the next flush). */
  private nextExpiry = 0;

  constructor(
    private readonly db: Database,
    private readonly bus: TerminalBus,
  ) {}

  /** Starts writing buffered state every `WRITE_EVERY_MS` and expiring waiting commands every 30 s. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    const fail = (err: unknown) => this.log?.error({ err }, 'terminal command flush failed');
    this.timers = [
      setInterval(() => void this.writePending(false).catch(fail), WRITE_EVERY_MS).unref(),
      setInterval(() => void this.expire().catch(fail), 30_000).unref(),
    ];
  }

  /** Stops the timers and writes what is buffered. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.writePending();
  }

  /** Sends a command to terminals; 400 naming the field for an unknown name, bad params or ids. */
  async send(input: SendCommandInput): Promise<SentCommands> {
    if (!COMMAND_NAMES.includes(input.name)) {
      throw badRequest(`name must be one of ${COMMAND_NAMES.join(', ')}`, 'validation');
    }
    const params = input.params ?? {};
    const problem = commandParamsError(input.name, params);
    if (problem) throw badRequest(problem, 'validation');
    const ttl = input.ttlSeconds ?? COMMAND_DEFAULT_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS) {
      throw badRequest(`ttlSeconds must be an integer from 1 to ${MAX_TTL_SECONDS}`, 'validation');
    }
    const ids = [...new Set(input.terminalIds)];
    if (ids.length === 0) throw badRequest('terminalIds must name at least one terminal', 'validation');
    if (!ids.every((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647)) {
      throw badRequest('terminalIds must be positive integers', 'validation');
    }
    const known = input.terminalStates ?? (await this.statesOf(ids));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw badRequest(`terminalIds: no terminal ${missing.slice(0, 20).join(', ')}`);
    const batchId = randomUUID();
    const expiresMs = Date.now() + ttl * 1000;
    const expiresAt = new Date(expiresMs).toISOString();
    const commands: SentCommands['commands'] = [];
    // A terminal deleted meanwhile gets no row (and no command).
    const insert = (slice: number[]) =>
      queryRows<{ id: number; terminal_id: number }>(
        this.db,
        sql`
        INSERT INTO terminal_commands (terminal_id, batch_id, name, params, state, created_by, expires_at)
        SELECT t.id, ${batchId}, ${input.name}, ${JSON.stringify(params)}::jsonb, 'queued',
          ${input.createdBy}, ${expiresAt}::timestamptz
        FROM unnest(${intArray(slice)}) WITH ORDINALITY AS v(terminal_id, n)
        JOIN terminals t ON t.id = v.terminal_id
        ORDER BY v.n
        RETURNING id, terminal_id`,
      );
    await this.serial.run(async () => {
      this.nextExpiry = Math.min(this.nextExpiry, expiresMs);
      // Thousands of rows go in slices, each published once written, while the next one is written.
      let writing = insert(ids.slice(0, INSERT_SLICE));
      for (let at = 0; at < ids.length; at += INSERT_SLICE) {
        const rows = await writing;
        if (at + INSERT_SLICE < ids.length)
          writing = insert(ids.slice(at + INSERT_SLICE, at + 2 * INSERT_SLICE));
        const deliveries: TerminalDelivery[] = [];
        for (const row of rows) {
          commands.push({ id: row.id, terminalId: row.terminal_id, state: 'queued' });
          // Pending terminals wait for their claim.
          if (known.get(row.terminal_id) !== 'claimed') continue;
          deliveries.push({
            terminalId: row.terminal_id,
            message: { type: 'command', commandId: row.id, name: input.name, params, expiresAt },
          });
        }
        // Written first, published after (slice by slice, so the first terminals do not wait for the
        // last rows): a terminal that connects meanwhile finds its row when its channel opens, one
        // already connected gets it from the bus, and the gateway that writes it to an open channel
        // marks it `sent` — whichever instance that is.
        this.bus.publish(deliveries);
        // A turn of the event loop: PGlite runs on this thread, and the fleet's acks are read meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return { batchId, commands };
  }

  private async statesOf(ids: number[]): Promise<Map<number, TerminalPairingState>> {
    const rows = await queryRows<{ id: number; state: TerminalPairingState }>(
      this.db,
      sql`SELECT id, state FROM terminals WHERE id = ANY(${intArray(ids)})`,
    );
    return new Map(rows.map((r) => [r.id, r.state]));
  }

  /** The commands a terminal that just connected must get (see `openForMany`). */
  async openFor(terminalId: number): Promise<OpenCommand[]> {
    return (await this.openForMany([terminalId])).get(terminalId) ?? [];
  }

  /**
   * The commands terminals that just connected must get, in order, in one query: waiting or sent
   * but not answered (also those sent to a channel that died before its answer was written), not
   * expired. The gateway marks them `sent` as it writes them to the channel.
   */
  async openForMany(terminalIds: readonly number[]): Promise<Map<number, OpenCommand[]>> {
    const out = new Map<number, OpenCommand[]>(terminalIds.map((id) => [id, []]));
    if (terminalIds.length === 0) return out;
    const rows = await queryRows<{
      id: number;
      terminal_id: number;
      name: CommandName;
      params: Record<string, unknown> | string;
      state: CommandDeliveryState;
      expires_at: string | Date;
    }>(
      this.db,
      sql`SELECT id, terminal_id, name, params, state, expires_at FROM terminal_commands
          WHERE terminal_id = ANY(${intArray(terminalIds)}) AND state IN ('queued', 'sent') AND expires_at > now()
          ORDER BY terminal_id, id`,
    );
    for (const row of rows) {
      const buffered = this.pending.get(row.id) ?? this.writing.get(row.id);
      if (buffered && buffered.state !== 'sent') continue;
      out.get(row.terminal_id)?.push({
        commandId: row.id,
        name: row.name,
        params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params,
        expiresAt: new Date(row.expires_at).toISOString(),
      });
    }
    return out;
  }

  /**
   * Withdraws commands not answered yet (a message stopped before its terminals got it): they are
   * marked `expired` and never delivered, also to terminals that connect later. Answers how many.
   */
  async withdraw(commandIds: readonly number[]): Promise<number> {
    if (commandIds.length === 0) return 0;
    return this.serial.run(async () => {
      const rows = await queryRows<{ id: number }>(
        this.db,
        sql`UPDATE terminal_commands SET state = 'expired', done_at = now()
            WHERE id = ANY(${intArray(commandIds)}) AND state IN ('queued', 'sent') RETURNING id`,
      );
      return rows.length;
    });
  }

  /** The gateway wrote the command to the terminal's open channel. */
  markSent(commandId: number): void {
    this.update(commandId, 'sent', Date.now());
  }

  /** The terminal answered a command it was sent (the gateway checked that it was its own). */
  acknowledge(commandId: number, ack: { ok: boolean; result?: object; error?: string }): void {
    this.update(commandId, ack.ok ? 'acked' : 'failed', Date.now(), ack.result ?? null, ack.error ?? null);
  }

  /** Makes the table current: writes buffered state and expires waiting commands past their time. */
  async flush(): Promise<void> {
    await this.writePending();
    // Reading delivery state is frequent; the expiry statement only runs when something may be due.
    if (Date.now() >= this.nextExpiry) await this.expire();
  }

  /** Expires waiting commands past their time and learns when the next one is due. */
  private expire(): Promise<void> {
    return this.serial
      .run(async () => {
        // Commands written after this point lower it again (their inserts run later on this queue).
        this.nextExpiry = Number.POSITIVE_INFINITY;
        const [row] = await queryRows<{ next: string | Date | null }>(
          this.db,
          sql`
          WITH expired AS (
            UPDATE terminal_commands SET state = 'expired', done_at = now()
            WHERE state = 'queued' AND expires_at <= now() RETURNING id)
          SELECT min(expires_at) AS next FROM terminal_commands
          WHERE state = 'queued' AND expires_at > now() AND id NOT IN (SELECT id FROM expired)`,
        );
        if (row?.next) this.nextExpiry = Math.min(this.nextExpiry, new Date(row.next).getTime());
      })
      .catch((err: unknown) => {
        this.nextExpiry = 0;
        throw err;
      });
  }

  /**
   * Buffers a state change (called for every delivery and every ack: a fleet's burst allocates one
   * record per command, changed in place). An answer is final: a later `sent` (the same command
   * written again after a reconnect) keeps it; the first `sent` time stays.
   */
  private update(
    id: number,
    state: CommandDeliveryState,
    at: number,
    result?: object | null,
    error?: string | null,
  ): void {
    const answer = state !== 'sent';
    const prev = this.pending.get(id);
    if (!prev) {
      this.pending.set(id, answer ? { id, state, doneAt: at, result, error } : { id, state, sentAt: at });
      return;
    }
    if (!answer) {
      prev.sentAt ??= at;
      return;
    }
    prev.state = state;
    prev.doneAt = at;
    prev.result = result;
    prev.error = error;
  }

  /** Buffered changes but `sent` ones newer than `sentBefore` (their answer usually follows within ms). */
  private answeredOrWaiting(sentBefore: number): Map<number, PendingUpdate> {
    const out = new Map<number, PendingUpdate>();
    for (const [id, update] of this.pending) {
      if (update.state !== 'sent' || update.sentAt! <= sentBefore) out.set(id, update);
    }
    return out;
  }

  /**
   * One statement for every buffered change; answered states never go back. The same statement
   * records `applyStrategy` changes on the strategy's terminal rows (sent, acked or failed, what it
   * could not apply), unless the strategy changed since. Positions of answered `reportLocation`
   * commands go to their terminals in one more statement, only when there are any. The timer's
   * writes (`all` false) leave out `sent` changes younger than `SENT_WAIT_MS`.
   */
  private writePending(all = true): Promise<void> {
    return this.serial.run(async () => {
      if (this.pending.size === 0) return;
      const due = all ? new Map(this.pending) : this.answeredOrWaiting(Date.now() - SENT_WAIT_MS);
      if (due.size === 0) return;
      const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
      const rows = [...due.values()].map((u) => ({
        id: u.id,
        state: u.state,
        sent_at: iso(u.sentAt),
        done_at: iso(u.doneAt),
        result: u.result,
        error: u.error,
      }));
      this.writing = due;
      for (const id of due.keys()) this.pending.delete(id);
      try {
        const located = await queryRows<{ id: number; terminal_id: number }>(
          this.db,
          sql`
        WITH done AS (
          UPDATE terminal_commands c SET state = v.state, sent_at = coalesce(c.sent_at, v.sent_at, v.done_at),
            done_at = coalesce(v.done_at, c.done_at), result = coalesce(v.result, c.result),
            error = coalesce(v.error, c.error)
          FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(id int, state text, sent_at timestamptz,
            done_at timestamptz, result jsonb, error text)
          WHERE c.id = v.id AND c.state IN ('queued', 'sent')
          RETURNING c.id, c.terminal_id, c.name, c.state, c.done_at, c.result, c.error),
        strategy_delivery AS (
          UPDATE strategy_terminals st SET state = d.state, acked_at = d.done_at,
            error = CASE WHEN d.state = 'failed' THEN d.error END,
            unsupported = CASE WHEN jsonb_typeof(d.result->'unsupported') = 'array'
              THEN d.result->'unsupported' ELSE '[]'::jsonb END
          FROM done d
          WHERE d.name = ${APPLY_STRATEGY} AND st.command_id = d.id AND st.state <> 'pending'
          RETURNING st.terminal_id)
        SELECT id, terminal_id FROM done WHERE name = ${REPORT_LOCATION} AND state = 'acked'`,
        );
        if (located.length > 0) {
          const results = new Map(rows.map((r) => [r.id, r.result]));
          await storeReportedLocations(
            this.db,
            located.map((r) => ({ commandId: r.id, terminalId: r.terminal_id, result: results.get(r.id) })),
            this.log,
          );
        }
      } finally {
        this.writing = new Map();
      }
    });
  }
}
