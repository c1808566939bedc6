import { ALARM_SEVERITY, alarmRuleMatches, type AlarmRule, type AlarmType } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../terminal/sql.js';
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

/** What the rules send about an alarm (the webhook's JSON body; the e-mail says the same in text). */
export function alarmPayload(alarm: RaisedAlarm) {
  return {
    event: 'alarm.raised',
    alarm: {
      id: alarm.id,
      type: alarm.type,
      severity: ALARM_SEVERITY[alarm.type],
      raisedAt: new Date(alarm.raised_at).toISOString(),
      terminalId: alarm.terminal_id,
      terminalName: alarm.terminal_name,
      deviceId: alarm.device_id,
      officeName: alarm.office_name,
      detail: alarm.detail,
    },
  };
}

/**
 * Sends newly raised alarms by the notification rules of their office and the offices above it:
 * e-mail through the configured SMTP (the notifier), or a JSON POST to a webhook. A rule sends at
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
    for (const alarm of alarms) {
      for (const rule of rules) {
        if (!alarm.office_path?.startsWith(rule.path)) continue;
        if (!alarmRuleMatches({ types: rule.types, minSeverity: rule.min_severity }, alarm.type)) continue;
        await this.deliver(rule, alarm);
      }
    }
    return alarms.length;
  }

  /** Sends one alarm by one rule unless the rule's daily limit is spent, and records what happened. */
  private async deliver(rule: RuleRow, alarm: RaisedAlarm): Promise<void> {
    const day = new Date().toISOString().slice(0, 10);
    const [sent] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM alarm_notifications WHERE rule_id = ${rule.id}
        AND terminal_id = ${alarm.terminal_id} AND type = ${alarm.type} AND day = ${day} AND state = 'sent'`,
    );
    let state: 'sent' | 'failed' | 'limited' = 'limited';
    let error: string | null = null;
    if (Number(sent?.n ?? 0) < rule.daily_limit) {
      try {
        await this.send(rule, alarm);
        state = 'sent';
      } catch (err) {
        state = 'failed';
        error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      }
    }
    await this.db.execute(sql`
      INSERT INTO alarm_notifications (rule_id, alarm_id, terminal_id, type, day, state, error)
      VALUES (${rule.id}, ${alarm.id}, ${alarm.terminal_id}, ${alarm.type}, ${day}, ${state}, ${error})
      ON CONFLICT DO NOTHING`);
  }

  private async send(rule: RuleRow, alarm: RaisedAlarm): Promise<void> {
    const payload = alarmPayload(alarm);
    if (rule.channel === 'webhook') {
      const response = await this.post(rule.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'APM alarm notifier' },
        body: JSON.stringify({ ...payload, rule: { id: rule.id, name: rule.name } }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
      return;
    }
    const a = payload.alarm;
    const subject = `[APM ${a.severity}] ${a.type}: ${a.terminalName}`;
    const text = [
      `Alarm ${a.id}: ${a.type} (${a.severity})`,
      `Terminal: ${a.terminalName} (${a.deviceId})`,
      `Institution: ${a.officeName ?? '-'}`,
      `Raised at: ${a.raisedAt}`,
      a.detail ? `Detail: ${JSON.stringify(a.detail)}` : '',
      `Rule: ${rule.name}`,
    ]
      .filter(Boolean)
      .join('\n');
    for (const to of rule.target
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)) {
      await this.notifier.send({ channel: 'email', to, subject, text });
    }
  }
}
