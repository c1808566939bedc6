import { Type, type Static, type TSchema } from 'typebox';

/**
 * The alarm centre (`/a/api/abnormalAlarm/...`): kinds and severities of terminal alarms, the
 * graded health of a terminal, the rows the console lists, and the notification rules that send
 * alarms by e-mail or to a webhook.
 */

/** Kinds of abnormal alarm raised about a terminal. */
export const ALARM_TYPES = [
  'offline',
  'downloadFailed',
  'diskFull',
  'playError',
  'clockDrift',
  'screenMismatch',
] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/** How bad an alarm is, worst first. */
export const ALARM_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** The severity of each kind: a dark screen is critical; what still plays is a warning; a wrong clock is worth knowing. */
export const ALARM_SEVERITY: Record<AlarmType, AlarmSeverity> = {
  offline: 'critical',
  playError: 'warning',
  diskFull: 'warning',
  downloadFailed: 'warning',
  screenMismatch: 'warning',
  clockDrift: 'info',
};

/** The kinds of alarm at a severity. */
export const alarmTypesOfSeverity = (severity: AlarmSeverity): AlarmType[] =>
  ALARM_TYPES.filter((type) => ALARM_SEVERITY[type] === severity);

/** The kinds of alarm at a severity or worse. */
export const alarmTypesAtLeast = (severity: AlarmSeverity): AlarmType[] => {
  const rank = ALARM_SEVERITIES.indexOf(severity);
  return ALARM_TYPES.filter((type) => ALARM_SEVERITIES.indexOf(ALARM_SEVERITY[type]) <= rank);
};

/** A terminal's clock this far off the server's raises `clockDrift`... */
export const CLOCK_DRIFT_ALARM_MS = 60_000;
/** ...which ends once it is back within this (hysteresis: no flapping at the edge). */
export const CLOCK_DRIFT_RECOVERED_MS = 30_000;

/**
 * Why a terminal's screenshot did not match what it should show: `blank`, nearly one colour all
 * over (a black, white or stuck single-colour screen); `frozen`, the same picture as a screenshot
 * minutes earlier while it plays a program that changes on screen.
 */
export const SCREEN_MISMATCH_REASONS = ['blank', 'frozen'] as const;
export type ScreenMismatchReason = (typeof SCREEN_MISMATCH_REASONS)[number];

/** The detail of a `screenMismatch` alarm: the screenshot that raised it (and, when frozen, the earlier one it equals). */
export interface ScreenMismatchDetail {
  reason: ScreenMismatchReason;
  screenshotId: number;
  /** Frozen: the earlier screenshot showing the same picture. */
  sameAsScreenshotId?: number;
  /** What the terminal reported playing. */
  playing?: string | null;
}

/** The detail of a `screenMismatch` alarm when it has that shape, else null. */
export function screenMismatchDetail(detail: unknown): ScreenMismatchDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const d = detail as Record<string, unknown>;
  const reason = SCREEN_MISMATCH_REASONS.find((r) => r === d.reason);
  if (!reason || !Number.isInteger(d.screenshotId)) return null;
  return {
    reason,
    screenshotId: d.screenshotId as number,
    ...(Number.isInteger(d.sameAsScreenshotId) ? { sameAsScreenshotId: d.sameAsScreenshotId as number } : {}),
    ...(typeof d.playing === 'string' || d.playing === null ? { playing: d.playing as string | null } : {}),
  };
}

/**
 * Graded health of a terminal: `online` while heartbeats come; `late` once one is missed (silent
 * past one interval and a half); `offline` when the channel closed or it was silent past the
 * offline threshold (which alone raises the `offline` alarm).
 */
export const TERMINAL_HEALTH = ['online', 'late', 'offline'] as const;
export type TerminalHealth = (typeof TERMINAL_HEALTH)[number];

/** The health of a terminal: online per presence, last heard at `lastSeenMs`, judged at `now`. */
export function terminalHealth(
  online: boolean,
  lastSeenMs: number | null,
  now: number,
  heartbeatSeconds: number,
): TerminalHealth {
  if (!online) return 'offline';
  if (lastSeenMs !== null && now - lastSeenMs > heartbeatSeconds * 1500) return 'late';
  return 'online';
}

/** Where an alarm stands in its handling: new, acknowledged by someone, or resolved (cleaned up). */
export const ALARM_HANDLING = ['new', 'acknowledged', 'resolved'] as const;
export type AlarmHandling = (typeof ALARM_HANDLING)[number];

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** An alarm as the console lists it. */
export const AlarmSchema = Type.Object({
  id: Type.Integer(),
  terminalId: Type.Integer(),
  terminalName: Type.String(),
  deviceId: Type.String(),
  officeId: Nullable(Type.Integer()),
  officeName: Nullable(Type.String()),
  type: Type.Enum([...ALARM_TYPES]),
  severity: Type.Enum([...ALARM_SEVERITIES]),
  detail: Nullable(Type.Object({}, { additionalProperties: true })),
  raisedAt: Type.String(),
  /** When the cause went away (back online, disk freed...); null while it lasts. */
  endedAt: Nullable(Type.String()),
  acknowledgedAt: Nullable(Type.String()),
  acknowledgedByName: Nullable(Type.String()),
  assigneeId: Nullable(Type.Integer()),
  assigneeName: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** Resolved (cleaned up) by an operator. */
  clearedAt: Nullable(Type.String()),
  clearedByName: Nullable(Type.String()),
});
export type AlarmView = Static<typeof AlarmSchema>;

/** A notification the alarm caused: sent, failed, or held back by its rule's daily limit. */
export const ALARM_NOTIFICATION_STATES = ['sent', 'failed', 'limited'] as const;
export const AlarmNotificationSchema = Type.Object({
  ruleId: Type.Integer(),
  ruleName: Type.String(),
  channel: Type.String(),
  state: Type.Enum([...ALARM_NOTIFICATION_STATES]),
  error: Nullable(Type.String()),
  at: Type.String(),
});
export type AlarmNotificationView = Static<typeof AlarmNotificationSchema>;

/** Channels a notification rule sends by. */
export const ALARM_RULE_CHANNELS = ['email', 'webhook'] as const;
export type AlarmRuleChannel = (typeof ALARM_RULE_CHANNELS)[number];

/** Most notifications one rule sends per terminal and alarm kind in a day (UTC). */
export const ALARM_RULE_DAILY_LIMIT_MAX = 1000;

/** What an operator sets on a notification rule. */
export const AlarmRuleInputSchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** Kinds it sends; empty: every kind at or above `minSeverity`. */
  types: Type.Array(Type.Enum([...ALARM_TYPES]), { maxItems: ALARM_TYPES.length, uniqueItems: true }),
  minSeverity: Type.Enum([...ALARM_SEVERITIES]),
  channel: Type.Enum([...ALARM_RULE_CHANNELS]),
  /** E-mail addresses (comma separated) or the webhook's http(s) URL. */
  target: Type.String({ minLength: 1, maxLength: 1000 }),
  dailyLimit: Type.Integer({ minimum: 1, maximum: ALARM_RULE_DAILY_LIMIT_MAX }),
  enabled: Type.Boolean(),
  /** Alarms of this office and below; absent: the caller's own office. */
  officeId: Type.Optional(Id),
});
export type AlarmRuleInput = Static<typeof AlarmRuleInputSchema>;

/** A notification rule as the console lists it. */
export const AlarmRuleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  types: Type.Array(Type.Enum([...ALARM_TYPES])),
  minSeverity: Type.Enum([...ALARM_SEVERITIES]),
  channel: Type.Enum([...ALARM_RULE_CHANNELS]),
  target: Type.String(),
  dailyLimit: Type.Integer(),
  enabled: Type.Boolean(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  updatedAt: Type.String(),
});
export type AlarmRule = Static<typeof AlarmRuleSchema>;

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The problem with a rule's target for its channel (naming `target`), or null. */
export function alarmRuleTargetProblem(channel: AlarmRuleChannel, target: string): string | null {
  const text = target.trim();
  if (channel === 'email') {
    const addresses = text.split(',').map((a) => a.trim());
    if (addresses.length > 20) return 'target: at most 20 e-mail addresses';
    const bad = addresses.find((a) => !EMAIL.test(a));
    return bad === undefined ? null : `target: “${bad.slice(0, 100)}” is not an e-mail address`;
  }
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return 'target: the webhook URL must be http(s)';
    return null;
  } catch {
    return 'target: the webhook URL is not a URL';
  }
}

/** Whether a rule sends an alarm of this kind. */
export function alarmRuleMatches(rule: Pick<AlarmRule, 'types' | 'minSeverity'>, type: AlarmType): boolean {
  if (rule.types.length && !rule.types.includes(type)) return false;
  return ALARM_SEVERITIES.indexOf(ALARM_SEVERITY[type]) <= ALARM_SEVERITIES.indexOf(rule.minSeverity);
}
