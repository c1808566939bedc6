/**
 * Display preferences of the shell (spec sections 2 and 9): one typed object with defaults,
 * validation of what comes back from storage, and the "save only what differs" rule. Pure.
 */

/**
 * The 8-colour theme palette (the primary colour on light content); blue is the default. Each is
 * the shade of antd's colour that text in it reaches 4.5:1 on white and white text on it does too.
 */
export const PALETTE = {
  blue: '#0958d9',
  red: '#cf1322',
  volcano: '#ad2102',
  gold: '#874d00',
  cyan: '#006d75',
  green: '#237804',
  geekblue: '#2f54eb',
  purple: '#722ed1',
} as const;

/** A palette colour name. */
export type PaletteColor = keyof typeof PALETTE;

/** Theme: `dark` = dark menu with light content, `light` = light menu, `night` = dark everything. */
export type ThemeMode = 'dark' | 'light' | 'night';
/** Where the menu sits: side, head (in the header), mix (first level in the header, the rest at the side). */
export type LayoutMode = 'side' | 'head' | 'mix';
/** Content width: fluid (full) or fixed (centred, limited). */
export type ContentWidth = 'fluid' | 'fixed';

/** animate.css entrance effects and their directions (`''` = none); class `animate__<effect>In<direction>`. */
export const ANIMATIONS = {
  back: ['Down', 'Left', 'Right', 'Up'],
  bounce: ['', 'Down', 'Left', 'Right', 'Up'],
  fade: ['', 'Down', 'Left', 'Right', 'Up', 'TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'],
  flip: ['X', 'Y'],
  lightSpeed: ['Left', 'Right'],
  rotate: ['', 'DownLeft', 'DownRight', 'UpLeft', 'UpRight'],
  roll: [''],
  zoom: ['', 'Down', 'Left', 'Right', 'Up'],
  slide: ['Down', 'Left', 'Right', 'Up'],
} as const satisfies Record<string, readonly string[]>;

/** An animation effect. */
export type AnimationEffect = keyof typeof ANIMATIONS;

/** Page-switch animation: effect and direction. */
export interface Animation {
  effect: AnimationEffect;
  direction: string;
}

/** Every display preference. */
export interface Preferences {
  color: PaletteColor;
  mode: ThemeMode;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
  /** Hide the settings drawer's entry (floating button). */
  hideSettings: boolean;
  animation: Animation;
}

/**
 * The defaults. "Configured default layout: hide" (spec section 9) is read as: the settings
 * drawer's entry is hidden by default, except for super administrators, who configure the
 * console; a user's own saved `hideSettings` overrides this default either way.
 */
export function defaultPreferences(superAdmin = false): Preferences {
  return {
    color: 'blue',
    mode: 'dark',
    layout: 'side',
    contentWidth: 'fluid',
    fixedHeader: true,
    fixedSidebar: true,
    colorWeak: false,
    multiTab: true,
    hideSettings: !superAdmin,
    animation: { effect: 'lightSpeed', direction: 'Left' },
  };
}

/** The first direction of an effect, which a change of effect resets to. */
export function defaultDirection(effect: AnimationEffect): string {
  return ANIMATIONS[effect][0];
}

/** Changes the effect and resets the direction to the effect's first one. */
export function withEffect(prefs: Preferences, effect: AnimationEffect): Preferences {
  return { ...prefs, animation: { effect, direction: defaultDirection(effect) } };
}

/** animate.css class names of an animation. */
export function animationClass(animation: Animation): string {
  return `animate__animated animate__${animation.effect}In${animation.direction}`;
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

const SIMPLE_FIELDS = {
  color: oneOf(Object.keys(PALETTE) as PaletteColor[]),
  mode: oneOf<ThemeMode>(['dark', 'light', 'night']),
  layout: oneOf<LayoutMode>(['side', 'head', 'mix']),
  contentWidth: oneOf<ContentWidth>(['fluid', 'fixed']),
  fixedHeader: isBool,
  fixedSidebar: isBool,
  colorWeak: isBool,
  multiTab: isBool,
  hideSettings: isBool,
} satisfies { [K in Exclude<keyof Preferences, 'animation'>]: (v: unknown) => v is Preferences[K] };

function isAnimation(v: unknown): v is Animation {
  if (typeof v !== 'object' || v === null) return false;
  const { effect, direction } = v as Record<string, unknown>;
  return (
    typeof effect === 'string' &&
    effect in ANIMATIONS &&
    typeof direction === 'string' &&
    (ANIMATIONS[effect as AnimationEffect] as readonly string[]).includes(direction)
  );
}

/** The values of `prefs` that differ from `defaults` — what Save writes. */
export function diffPreferences(prefs: Preferences, defaults: Preferences): Partial<Preferences> {
  const out: Partial<Preferences> = {};
  for (const key of Object.keys(SIMPLE_FIELDS) as (keyof typeof SIMPLE_FIELDS)[]) {
    if (prefs[key] !== defaults[key]) Object.assign(out, { [key]: prefs[key] });
  }
  if (
    prefs.animation.effect !== defaults.animation.effect ||
    prefs.animation.direction !== defaults.animation.direction
  ) {
    out.animation = { ...prefs.animation };
  }
  return out;
}

/** Defaults overlaid with the valid values of a stored JSON string; anything invalid is ignored. */
export function parsePreferences(raw: string | null | undefined, defaults: Preferences): Preferences {
  const prefs: Preferences = { ...defaults, animation: { ...defaults.animation } };
  if (!raw) return prefs;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return prefs;
  }
  if (typeof stored !== 'object' || stored === null) return prefs;
  const record = stored as Record<string, unknown>;
  for (const [key, valid] of Object.entries(SIMPLE_FIELDS)) {
    if ((valid as (v: unknown) => boolean)(record[key])) Object.assign(prefs, { [key]: record[key] });
  }
  if (isAnimation(record.animation)) {
    prefs.animation = { effect: record.animation.effect, direction: record.animation.direction };
  }
  return prefs;
}

/** Storage key of a user's saved preferences. */
export function preferencesKey(owner: string): string {
  return `apm.preferences.${owner}`;
}

/** Save: writes only the non-default values (nothing at all when everything is default). */
export function savePreferences(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  owner: string,
  prefs: Preferences,
  defaults: Preferences,
): Partial<Preferences> {
  const diff = diffPreferences(prefs, defaults);
  if (Object.keys(diff).length === 0) storage.removeItem(preferencesKey(owner));
  else storage.setItem(preferencesKey(owner), JSON.stringify(diff));
  return diff;
}

/** Reset: forgets the saved preferences. */
export function clearPreferences(storage: Pick<Storage, 'removeItem'>, owner: string): void {
  storage.removeItem(preferencesKey(owner));
}
