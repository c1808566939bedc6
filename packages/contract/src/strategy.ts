import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * A terminal strategy's document: the policies a terminal applies by itself, online or not — power
 * on/off per weekday, volume and brightness by time of day, the hours it may download content, how
 * often it takes a screenshot, and the time it restarts each day. Times are wall-clock `HH:MM` of
 * the terminal; a window whose end is at or before its start runs past midnight (equal: all day).
 * The console, the server and the player check it with {@link strategyProblem}.
 */

/** A wall-clock time `HH:MM` (24 h). */
export const STRATEGY_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const Time = Type.String({ pattern: STRATEGY_TIME_PATTERN, description: 'HH:MM (24 h)' });
const Percent = Type.Integer({ minimum: 0, maximum: 100 });

/** The screen is on from `on` to `off` on these weekdays (0 = Sunday); as the `powerSchedule` command. */
export const StrategyPowerRuleSchema = Type.Object({
  weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7 }),
  on: Time,
  off: Time,
});
export type StrategyPowerRule = Static<typeof StrategyPowerRuleSchema>;

/** The media volume (0–100) from `from` to `to`, every day. */
export const StrategyVolumeRuleSchema = Type.Object({ from: Time, to: Time, volume: Percent });
export type StrategyVolumeRule = Static<typeof StrategyVolumeRuleSchema>;

/** The screen brightness (0–100 %) from `from` to `to`, every day. */
export const StrategyBrightnessRuleSchema = Type.Object({ from: Time, to: Time, brightness: Percent });
export type StrategyBrightnessRule = Static<typeof StrategyBrightnessRuleSchema>;

/** Content may be downloaded from `from` to `to`, every day. */
export const StrategyWindowSchema = Type.Object({ from: Time, to: Time });
export type StrategyWindow = Static<typeof StrategyWindowSchema>;

/** Most rules of each list. */
export const STRATEGY_RULES_MAX = 24;
/** Longest screenshot interval, in minutes (one a day). */
export const STRATEGY_SCREENSHOT_MAX_MINUTES = 1440;

/** The policies of a strategy. Empty lists apply nothing: the terminal keeps its own settings. */
export const StrategyDocumentSchema = Type.Object(
  {
    /** On-times of the screen; none: always on (or as the terminal's own power schedule says). */
    power: Type.Array(StrategyPowerRuleSchema, { maxItems: STRATEGY_RULES_MAX }),
    /** Volume by time of day; outside every rule the terminal's own volume applies. */
    volume: Type.Array(StrategyVolumeRuleSchema, { maxItems: STRATEGY_RULES_MAX }),
    /** Brightness by time of day; outside every rule 100 %. */
    brightness: Type.Array(StrategyBrightnessRuleSchema, { maxItems: STRATEGY_RULES_MAX }),
    /** When content may be downloaded; none: any time. */
    downloadWindows: Type.Array(StrategyWindowSchema, { maxItems: STRATEGY_RULES_MAX }),
    /** Minutes between screenshots the terminal uploads by itself; 0: none. */
    screenshotIntervalMinutes: Type.Integer({ minimum: 0, maximum: STRATEGY_SCREENSHOT_MAX_MINUTES }),
    /** The terminal restarts every day at this time; null: never. */
    rebootTime: Type.Union([Time, Type.Null()]),
  },
  { additionalProperties: false },
);
export type StrategyDocument = Static<typeof StrategyDocumentSchema>;

/** The policies of a document, by their field names (what `saveStrategyDetail` changes one of). */
export const STRATEGY_POLICIES = [
  'power',
  'volume',
  'brightness',
  'downloadWindows',
  'screenshotIntervalMinutes',
  'rebootTime',
] as const satisfies readonly (keyof StrategyDocument)[];
export type StrategyPolicy = (typeof STRATEGY_POLICIES)[number];

/** A document that applies nothing. */
export function emptyStrategyDocument(): StrategyDocument {
  return {
    power: [],
    volume: [],
    brightness: [],
    downloadWindows: [],
    screenshotIntervalMinutes: 0,
    rebootTime: null,
  };
}

/** A strategy as a terminal receives it (`applyStrategy`). */
export const TerminalStrategySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ maxLength: 100 }),
  revision: Type.Integer({ minimum: 1 }),
  document: StrategyDocumentSchema,
});
export type TerminalStrategy = Static<typeof TerminalStrategySchema>;

/** What a bad field of a strategy is: its dotted path (`document.volume.1.to`) and why. */
export interface StrategyProblem {
  field: string;
  message: string;
}

/** Minutes since midnight of an `HH:MM`. */
export const minutesOfDay = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The minutes of the day (0–1439) a daily window covers: past midnight when `to` ≤ `from`; all day when equal. */
function minutesCovered(from: string, to: string): Set<number> {
  const start = minutesOfDay(from);
  const end = minutesOfDay(to);
  const length = end > start ? end - start : end + 1440 - start;
  const out = new Set<number>();
  for (let i = 0; i < length; i += 1) out.add((start + i) % 1440);
  return out;
}

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params?: { requiredProperties?: string[]; additionalProperties?: string[] };
}

function schemaProblem(schema: TSchema, value: unknown, prefix: string): StrategyProblem | null {
  if (Value.Check(schema, value)) return null;
  // `boolean` issues repeat an `additionalProperties` one (the property's schema is `false`).
  const issue = (Value.Errors(schema, value) as SchemaIssue[]).find((e) => e.keyword !== 'boolean');
  const parts = (issue?.instancePath ?? '').split('/').filter(Boolean);
  let why = issue?.message ?? 'is invalid';
  const required = issue?.params?.requiredProperties?.[0];
  const extra = issue?.params?.additionalProperties?.[0];
  if (issue?.keyword === 'required' && required) {
    parts.push(required);
    why = 'is required';
  } else if (issue?.keyword === 'additionalProperties' && extra) {
    parts.push(extra);
    why = 'is not allowed';
  }
  const field = [prefix, ...parts].join('.');
  return { field, message: `${field} ${why}` };
}

/**
 * Why a strategy document is not valid, naming the field (`document.volume.1.from`), or null:
 * the schema (times `HH:MM`, levels 0–100, weekdays 0–6), then the rules between fields — a power
 * rule names each weekday once; volume rules do not overlap each other, nor brightness rules (a
 * time of day has one level).
 */
export function strategyProblem(document: unknown, prefix = 'document'): StrategyProblem | null {
  const bad = schemaProblem(StrategyDocumentSchema, document, prefix);
  if (bad) return bad;
  const doc = document as StrategyDocument;
  for (const [i, rule] of doc.power.entries()) {
    if (new Set(rule.weekdays).size !== rule.weekdays.length) {
      const field = `${prefix}.power.${i}.weekdays`;
      return { field, message: `${field} names a weekday twice` };
    }
  }
  for (const key of ['volume', 'brightness'] as const) {
    const covered: Set<number>[] = [];
    for (const [i, rule] of doc[key].entries()) {
      const minutes = minutesCovered(rule.from, rule.to);
      const clash = covered.findIndex((earlier) => [...minutes].some((m) => earlier.has(m)));
      if (clash >= 0) {
        const field = `${prefix}.${key}.${i}.from`;
        return { field, message: `${field}: ${rule.from}–${rule.to} overlaps ${key} rule ${clash + 1}` };
      }
      covered.push(minutes);
    }
  }
  return null;
}
