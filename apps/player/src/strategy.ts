import {
  TerminalStrategySchema,
  type StrategyDocument,
  type StrategyPolicy,
  type TerminalStrategy,
} from '@apm/contract';
import { strategyAtDate } from '@apm/schedule';
import { Value } from 'typebox/value';
import { isScreenOn, type PowerEntry } from './power-schedule.js';

/** Policies of a strategy the web player cannot apply: its downloader cannot be held to a time window. */
export const WEB_PLAYER_UNSUPPORTED: readonly StrategyPolicy[] = ['downloadWindows'];

/** The policies a document sets (non-empty, non-zero) that this player cannot apply. */
export function unsupportedPolicies(doc: StrategyDocument): StrategyPolicy[] {
  return WEB_PLAYER_UNSUPPORTED.filter((policy) => {
    const value = doc[policy];
    return Array.isArray(value) ? value.length > 0 : value !== 0 && value !== null;
  });
}

/** What the terminal's own settings say, where a strategy has no rule. */
export interface OwnSettings {
  volume: number;
  powerSchedule: PowerEntry[];
}

/** What the screen and sound should be now. */
export interface StrategyEffects {
  volume: number;
  /** Percent; 100 is the screen as it is. */
  brightness: number;
  screenOn: boolean;
}

/**
 * What a strategy (or none) and the terminal's own settings make of `at` (local time): the
 * strategy's volume and brightness rules where they cover it, its power rules when it has any
 * (the own power schedule otherwise), the own volume and full brightness elsewhere.
 */
export function strategyEffects(
  strategy: TerminalStrategy | null,
  own: OwnSettings,
  at: Date,
): StrategyEffects {
  if (!strategy) return { volume: own.volume, brightness: 100, screenOn: isScreenOn(own.powerSchedule, at) };
  const doc = strategy.document;
  const now = strategyAtDate(doc, at);
  const power = doc.power.length > 0 ? doc.power : own.powerSchedule;
  return {
    volume: now.volume ?? own.volume,
    brightness: now.brightness ?? 100,
    screenOn: isScreenOn(power, at),
  };
}

/**
 * Whether the daily reboot time (`HH:MM`, local) fell in `(since, now]`: checked on every tick,
 * it reloads once when the time passes, and never again right after the reload (the new page
 * starts counting from its own start).
 */
export function rebootDue(rebootTime: string | null, since: Date, now: Date): boolean {
  if (!rebootTime || now.getTime() <= since.getTime()) return false;
  if (now.getTime() - since.getTime() >= 24 * 3600_000) return true;
  const [h, m] = rebootTime.split(':').map(Number);
  const at = new Date(now);
  at.setHours(h!, m!, 0, 0);
  if (at.getTime() > now.getTime()) at.setDate(at.getDate() - 1);
  return at.getTime() > since.getTime();
}

/** Where the strategy is kept (localStorage in the player). */
export interface StrategyStore {
  read(): string | null;
  write(value: string | null): void;
}

/** What the player does with the effects. */
export interface StrategyOutputs {
  setVolume(volume: number): void;
  setBrightness(percent: number): void;
  reload(): void;
}

/**
 * The terminal's strategy: kept across reloads, applied on every tick — volume and brightness set
 * when what the strategy asks changes (an operator's volume command holds until then), the
 * reboot done when its time passes — and the screen state answered for the power curtain.
 */
export class StrategyKeeper {
  private strategy: TerminalStrategy | null;
  private lastVolume: number | null = null;
  private lastBrightness: number | null = null;
  private lastTick: Date;

  constructor(
    private readonly store: StrategyStore,
    private readonly outputs: StrategyOutputs,
    started: Date = new Date(),
  ) {
    this.strategy = StrategyKeeper.parse(store.read());
    this.lastTick = started;
  }

  private static parse(raw: string | null): TerminalStrategy | null {
    try {
      const value: unknown = raw ? JSON.parse(raw) : null;
      return Value.Check(TerminalStrategySchema, value) ? value : null;
    } catch {
      return null;
    }
  }

  /** The strategy held, or null. */
  get current(): TerminalStrategy | null {
    return this.strategy;
  }

  /** The volume set by the last tick (null before the first). */
  get volume(): number | null {
    return this.lastVolume;
  }

  /** Keeps a new strategy (null forgets it); the next tick applies it. Answers what cannot be applied. */
  apply(strategy: TerminalStrategy | null): { revision: number | null; unsupported: StrategyPolicy[] } {
    this.strategy = strategy;
    this.store.write(strategy ? JSON.stringify(strategy) : null);
    this.lastVolume = null;
    this.lastBrightness = null;
    return {
      revision: strategy?.revision ?? null,
      unsupported: strategy ? unsupportedPolicies(strategy.document) : [],
    };
  }

  /** Applies the strategy at `now`; answers whether the screen is on. */
  tick(own: OwnSettings, now: Date = new Date()): boolean {
    const effects = strategyEffects(this.strategy, own, now);
    if (effects.volume !== this.lastVolume) {
      this.lastVolume = effects.volume;
      this.outputs.setVolume(effects.volume);
    }
    if (effects.brightness !== this.lastBrightness) {
      this.lastBrightness = effects.brightness;
      this.outputs.setBrightness(effects.brightness);
    }
    const since = this.lastTick;
    this.lastTick = now;
    if (rebootDue(this.strategy?.document.rebootTime ?? null, since, now)) this.outputs.reload();
    return effects.screenOn;
  }
}
