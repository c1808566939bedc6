import { ALARM_SEVERITY, alarmRuleMatches, type AlarmRule, type AlarmType } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { intArray, jsonRows, queryRows } from '../../terminal/sql.js';
import type { Notifier } from '../notify/outbox.js';

/** Alarms taken per run. */
const BATCH = 200;
/** How long a webhook may take to answer. */
const WEBHOOK_TIMEOUT_MS = 5000;

/** A newly raised alarm, as the rules see it. */
export interface RaisedAlarm {
  id: number;
  terminal_id: number;
  type: AlarmType;
  detail: Record<string, unknown> | null;
  raised_at: string | Date;
  terminal_name: string;
  device_id: string;
  office_name: string | null;
  office_path: string | null;
}

interface RuleRow {
  id: number;
  name: string;
  types: AlarmType[];
  min_severity: AlarmRule['minSeverity'];
  channel: AlarmRule['channel'];
  target: string;
  daily_limit: number;
  path: string;
}

/** What one notification run records for one rule and alarm. */
interface NotificationRecord {
  rule_id: number;
  alarm: RaisedAlarm;
  state: 'sent' | 'failed' | 'limited';
  error: string | null;
}

/** Alarms listed in one e-mail at most; the rest are counted. */
const EMAIL_LINES = 50;

/** The e-mail of a run's alarms for one rule: the first alarm in the subject, each on a line. */
export function alarmEmail(ruleName: string, alarms: ReturnType<typeof alarmPayload>[]) {
  const first = alarms[0]!;
  const subject =
    alarms.length === 1
      ? `[APM ${first.severity}] ${first.type}: ${first.terminalName}`
      : `[APM] ${alarms.length} alarms: ${first.type} on ${first.terminalName} and ${alarms.length - 1} more`;
  const lines = alarms
    .slice(0, EMAIL_LINES)
    .map(
      (a) =>
        `${a.raisedAt}  ${a.severity.padEnd(8)} ${a.type.padEnd(14)} ${a.terminalName} (${a.deviceId})` +
        `${a.officeName ? ` – ${a.officeName}` : ''}${a.detail ? ` ${JSON.stringify(a.detail)}` : ''}`,
    );
  if (alarms.length > EMAIL_LINES) lines.push(`… and ${alarms.length - EMAIL_LINES} more alarms`);
  return { subject, text: [...lines, '', `Rule: ${ruleName}`].join('\n') };
}

/** What the rules send about an alarm (an item of the webhook's `alarms`; the e-mail says the same in text). */
export function alarmPayload(alarm: RaisedAlarm) {
  return {
    id: alarm.id,
    type: alarm.type,
    severity: ALARM_SEVERITY[alarm.type],
    raisedAt: new Date(alarm.raised_at).toISOString(),
    terminalId: alarm.terminal_id,
    terminalName: alarm.terminal_name,
    deviceId: alarm.device_id,
    officeName: alarm.office_name,
    detail: alarm.detail,
  };
}

/**
 * Sends newly raised alarms by the notification rules of their office and the offices above it:
 * e-mail through the configured SMTP (the notifier), or a JSON POST to a webhook — one message per
 * rule and run, listing the run's alarms. A rule sends at
 * most its daily limit per terminal and alarm kind in a day (UTC); the rest are recorded as
 * `limited`, so a flapping terminal cannot flood anyone. Each alarm is taken once across the
 * cluster (claimed by marking it notified, SKIP LOCKED), then sent: at most once.
 */
export class AlarmNotifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Database,
    private readonly notifier: Notifier,
    private readonly post: typeof fetch = fetch,
  ) {}

  /** Starts the periodic run. */
  start(log: FastifyBaseLogger, intervalMs = 5000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.runOnce().catch((err) => log.error({ err }, 'alarm notifications failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops it (waiting for a run under way). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Takes the alarms raised since the last run and sends them by the rules; answers how many it took. */
  runOnce(): Promise<number> {
    // One run at a time in this process; the claim keeps instances apart.
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    const alarms = await queryRows<RaisedAlarm>(
      this.db,
      sql`WITH claimed AS (
          SELECT id FROM abnormal_alarms WHERE notified_at IS NULL
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
        marked AS (
          UPDATE abnormal_alarms a SET notified_at = now() FROM claimed WHERE a.id = claimed.id
          RETURNING a.id, a.terminal_id, a.office_id, a.type, a.detail, a.raised_at)
        SELECT m.id, m.terminal_id, m.type, m.detail, m.raised_at, t.name AS terminal_name, t.device_id,
          o.name AS office_name, o.path AS office_path
        FROM marked m JOIN terminals t ON t.id = m.terminal_id LEFT JOIN offices o ON o.id = m.office_id
        ORDER BY m.id`,
    );
    if (alarms.length === 0) return 0;
    const rules = await queryRows<RuleRow>(
      this.db,
      sql`SELECT r.id, r.name, r.types, r.min_severity, r.channel, r.target, r.daily_limit, o.path
        FROM alarm_rules r JOIN offices o ON o.id = r.office_id WHERE r.enabled`,
    );
    const day = new Date().toISOString().slice(0, 10);
    const matched = rules
      .map((rule) => ({
        rule,
        alarms: alarms.filter(
          (a) =>
            a.office_path?.startsWith(rule.path) &&
            alarmRuleMatches({ types: rule.types, minSeverity: rule.min_severity }, a.type),
        ),
      }))
      .filter((m) => m.alarms.length > 0);
    if (matched.length === 0) return alarms.length;
    const sentToday = await this.sentToday(
      day,
      matched.map((m) => m.rule.id),
      alarms,
    );
    const records: NotificationRecord[] = [];
    for (const { rule, alarms: mine } of matched) {
      const due: RaisedAlarm[] = [];
      for (const alarm of mine) {
        const key = `${rule.id}:${alarm.terminal_id}:${alarm.type}`;
        const count = sentToday.get(key) ?? 0;
        if (count >= rule.daily_limit) {
          records.push({ rule_id: rule.id, alarm, state: 'limited', error: null });
          continue;
        }
        sentToday.set(key, count + 1);
        due.push(alarm);
      }
      if (due.length === 0) continue;
      let error: string | null = null;
      try {
        await this.send(rule, due);
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      }
      for (const alarm of due)
        records.push({ rule_id: rule.id, alarm, state: error ? 'failed' : 'sent', error });
    }
    await this.record(day, records);
    return alarms.length;
  }

  /** Notifications each rule sent today per terminal and kind, for the rules and terminals of this run. */
  private async sentToday(
    day: string,
    ruleIds: number[],
    alarms: RaisedAlarm[],
  ): Promise<Map<string, number>> {
    const rows = await queryRows<{ rule_id: number; terminal_id: number; type: string; n: number }>(
      this.db,
      sql`SELECT rule_id, terminal_id, type, count(*)::int AS n FROM alarm_notifications
        WHERE day = ${day} AND state = 'sent' AND rule_id = ANY(${intArray(ruleIds)})
          AND terminal_id = ANY(${intArray([...new Set(alarms.map((a) => a.terminal_id))])})
        GROUP BY rule_id, terminal_id, type`,
    );
    return new Map(rows.map((r) => [`${r.rule_id}:${r.terminal_id}:${r.type}`, Number(r.n)]));
  }

  /** Writes what the run did, one statement. */
  private async record(day: string, records: NotificationRecord[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((r) => ({
      rule_id: r.rule_id,
      alarm_id: r.alarm.id,
      terminal_id: r.alarm.terminal_id,
      type: r.alarm.type,
      state: r.state,
      error: r.error,
    }));
    await this.db.execute(sql`
      INSERT INTO alarm_notifications (rule_id, alarm_id, terminal_id, type, day, state, error)
      SELECT v.rule_id, v.alarm_id, v.terminal_id, v.type, ${day}::date, v.state, v.error
      FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(rule_id int, alarm_id int, terminal_id int, type text, state text, error text)
      ON CONFLICT DO NOTHING`);
  }

  /**
   * Sends a run's alarms by one rule in one go: one webhook call with every alarm, or one e-mail per
   * address listing them (a mass outage is one message, not thousands).
   */
  private async send(rule: RuleRow, due: RaisedAlarm[]): Promise<void> {
    const alarms = due.map(alarmPayload);
    if (rule.channel === 'webhook') {
      const response = await this.post(rule.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'APM alarm notifier' },
        body: JSON.stringify({ event: 'alarms.raised', rule: { id: rule.id, name: rule.name }, alarms }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
      return;
    }
    const { subject, text } = alarmEmail(rule.name, alarms);
    for (const to of rule.target
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)) {
      await this.notifier.send({ channel: 'email', to, subject, text });
    }
  }
}
