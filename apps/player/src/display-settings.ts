import {
  DISPLAY_SETTING_KEYS,
  DisplaySettingsSchema,
  type DisplaySettingKey,
  type DisplaySettings,
} from '@apm/contract';
import { Value } from 'typebox/value';

/** Where the display settings are kept across reloads (localStorage in the player). */
export interface DisplayStore {
  read(): string | null;
  write(value: string): void;
}

/** What the player answers for `displaySettings`: the settings applied, and those it cannot apply. */
export interface DisplayOutcome {
  applied: DisplaySettingKey[];
  unsupported: DisplaySettingKey[];
}

/**
 * The display settings of a `welcome` (the terminal's kept settings) or a command: each valid one
 * taken, the others left out (a bad value must not block the good ones).
 */
export function displaySettingsFrom(raw: Record<string, unknown> | null | undefined): DisplaySettings {
  const out: Record<string, unknown> = {};
  if (!raw) return out;
  for (const key of DISPLAY_SETTING_KEYS) {
    if (raw[key] === undefined) continue;
    if (Value.Check(DisplaySettingsSchema, { [key]: raw[key] })) out[key] = raw[key];
  }
  return out as DisplaySettings;
}

/**
 * Settings the web player cannot apply: its downloader cannot be held to a time window. Clearing it
 * (a null window) is applied.
 */
export function unsupportedSettings(settings: DisplaySettings): DisplaySettingKey[] {
  return settings.downloadWindow ? ['downloadWindow'] : [];
}

/**
 * The CSS of the screen's root for a rotation: turned about its top-left corner and moved back into
 * view, its width and height swapped for a quarter turn (the content is laid out for the turned screen).
 */
export function rotationStyle(rotation: number): { transform: string; width: string; height: string } {
  switch (rotation) {
    case 90:
      return { transform: 'translateX(100vw) rotate(90deg)', width: '100vh', height: '100vw' };
    case 180:
      return { transform: 'translate(100vw, 100vh) rotate(180deg)', width: '100vw', height: '100vh' };
    case 270:
      return { transform: 'translateY(100vh) rotate(270deg)', width: '100vh', height: '100vw' };
    default:
      return { transform: '', width: '', height: '' };
  }
}

/** The CSS filter of a brightness in percent (100: none). */
export const brightnessFilter = (percent: number): string =>
  percent >= 100 ? '' : `brightness(${percent}%)`;

/**
 * The terminal's own display settings: kept across reloads, applied to the screen's root (rotation
 * as a transform, brightness as a filter — a strategy's brightness, set on the layers inside, dims
 * on top of it), merged as commands and `welcome` bring them.
 */
export class DisplayKeeper {
  private current: DisplaySettings;

  constructor(
    private readonly root: HTMLElement,
    private readonly store: DisplayStore,
  ) {
    let saved: Record<string, unknown> | null;
    try {
      saved = JSON.parse(store.read() ?? 'null') as Record<string, unknown> | null;
    } catch {
      saved = null;
    }
    this.current = displaySettingsFrom(saved);
    this.render();
  }

  /** The settings held now. */
  get settings(): DisplaySettings {
    return { ...this.current };
  }

  /** Applies the valid settings given (others kept as they are) and answers what it did. */
  apply(raw: Record<string, unknown>): DisplayOutcome {
    const given = displaySettingsFrom(raw);
    this.current = { ...this.current, ...given };
    if (given.downloadWindow === null) delete this.current.downloadWindow;
    this.store.write(JSON.stringify(this.current));
    this.render();
    const unsupported = unsupportedSettings(given);
    const applied = (Object.keys(given) as DisplaySettingKey[]).filter((k) => !unsupported.includes(k));
    return { applied, unsupported };
  }

  private render(): void {
    const { rotation = 0, brightness = 100 } = this.current;
    const style = rotationStyle(rotation);
    const s = this.root.style;
    s.transformOrigin = style.transform ? 'top left' : '';
    s.transform = style.transform;
    s.width = style.width;
    s.height = style.height;
    // `inset: 0` would stretch the turned box back to the window's shape.
    s.right = style.transform ? 'auto' : '';
    s.bottom = style.transform ? 'auto' : '';
    s.filter = brightnessFilter(brightness);
    this.root.dataset.rotation = String(rotation);
    this.root.dataset.displayBrightness = String(brightness);
  }
}
