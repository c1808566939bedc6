/**
 * Pure helpers of the properties panels: text ↔ the text widget's HTML, colours the format accepts,
 * number bounds and their checks, URLs, time zones, format presets and item lists.
 */
import type { Transition } from '@apm/contract';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Plain multi-line text as the text widget's HTML: escaped, line breaks as `<br>`. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
    .replace(/\n/g, '<br>');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of the text widget's HTML for the plain editor: `<br>` and block ends become line
 * breaks, other tags go, entities are decoded. Written back with {@link textToHtml}, plain text
 * comes back unchanged.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/\r\n?|\n/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])\s*>(?!$)/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code =
          entity[1] === 'x' || entity[1] === 'X'
            ? parseInt(entity.slice(2), 16)
            : parseInt(entity.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED[entity.toLowerCase()] ?? whole;
    });
}

/** What the format takes as a colour (ColorSchema). */
const COLOR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|#[0-9a-f]{8}|transparent)$/i;

/**
 * A colour as the format stores it: lower-case `#rrggbb`, or `#rrggbbaa` when not opaque
 * (`#rrggbbff` loses its alpha), `transparent` as is; null for anything else.
 */
export function normaliseColor(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (!COLOR.test(text)) return null;
  if (text === 'transparent') return text;
  if (text.length === 4) return `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  if (text.length === 9 && text.endsWith('ff')) return text.slice(0, 7);
  return text;
}

/** Keeps `value` within `min`–`max`. */
export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Bounds of a number field. */
export interface NumberBounds {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
}

/** Why a number field's value is refused, or null when it is accepted. */
export type NumberProblem = 'required' | 'integer' | 'range' | null;

/** Checks a typed number against the bounds of its field. */
export function numberProblem(value: number | null | undefined, bounds: NumberBounds): NumberProblem {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'required';
  if (bounds.integer && !Number.isInteger(value)) return 'integer';
  return value < bounds.min || value > bounds.max ? 'range' : null;
}

/** Why a text field's value is refused, or null when it is accepted. */
export type TextProblem = 'required' | 'tooLong' | 'url' | 'timeZone' | null;

/** Checks text against a length range (`min` 1 makes the field required). */
export function lengthProblem(text: string, min: number, max: number): TextProblem {
  if (text.length < min) return 'required';
  return text.length > max ? 'tooLong' : null;
}

/** Longest URL the format takes. */
export const URL_MAX = 2048;

/** An absolute http(s) URL without spaces, as the format takes for web pages and live streams. */
export function urlProblem(text: string): TextProblem {
  if (!text) return 'required';
  if (text.length > URL_MAX) return 'tooLong';
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return 'url';
  try {
    return new URL(text).hostname ? null : 'url';
  } catch {
    return 'url';
  }
}

/** Milliseconds as seconds for a field (to a tenth of a second). */
export const msToSeconds = (ms: number): number => Math.round(ms / 100) / 10;

/** Seconds from a field as whole milliseconds within the format's bounds. */
export const secondsToMs = (seconds: number, minMs: number, maxMs: number): number =>
  clamp(Math.round(seconds * 1000), minMs, maxMs);

/** The undo merge key of one field of one widget: a burst of edits to it is one step. */
export const propsMergeKey = (widgetId: string, field: string): string => `props:${widgetId}:${field}`;

/** Clock formats offered (dayjs tokens the renderer's clock understands); any other can be typed. */
export const CLOCK_FORMAT_PRESETS = [
  'HH:mm:ss',
  'HH:mm',
  'hh:mm:ss A',
  'hh:mm A',
  'YYYY-MM-DD',
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD dddd',
  'dddd HH:mm',
  'MMMM D, YYYY',
] as const;

/** Countdown formats offered (days D, hours HH, minutes mm, seconds ss; `[text]` literally). */
export const COUNTDOWN_FORMAT_PRESETS = ['D [d] HH:mm:ss', 'HH:mm:ss', 'D', 'mm:ss'] as const;

/** The common zones, when the runtime cannot list the ones it knows. */
const FALLBACK_ZONES = [
  'UTC',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Europe/London',
  'Europe/Paris',
  'Europe/Rome',
  'Europe/Moscow',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
];

/** IANA time zones to choose from: those the runtime knows, plus `current` when it is not among them. */
export function timeZoneChoices(current: string | null): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = FALLBACK_ZONES;
  }
  if (!zones.includes('UTC')) zones = ['UTC', ...zones];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = clamp(to, 0, items.length - 1);
  if (from === target || from < 0 || from >= items.length) return items as T[];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** The list without the item at `index`. */
export const removeItem = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** How long a new image item shows, and how it comes in. */
export const NEW_IMAGE_ITEM = { durationMs: 10_000, transition: { name: 'fade', durationMs: 500 } } as const;

/** Most items an image, video or audio widget holds (the format's limit). */
export const MAX_MEDIA_ITEMS = 500;

/** Appends picked materials as items made by `make`, up to the format's limit. */
export function appendItems<T extends { materialId: number }>(
  items: readonly T[],
  materialIds: readonly number[],
  make: (materialId: number) => T,
): T[] {
  return [...items, ...materialIds.map(make)].slice(0, MAX_MEDIA_ITEMS);
}

/** A transition with a new preset: `none` takes no direction and no time, the others keep theirs. */
export function withTransitionName(transition: Transition, name: Transition['name']): Transition {
  if (name === 'none') return { name, durationMs: 0 };
  const { direction } = transition;
  return {
    name,
    ...(direction && { direction }),
    durationMs: transition.durationMs > 0 ? transition.durationMs : 500,
  };
}

/** Font families offered (generic families and fonts common on signage players); any other can be typed. */
export const FONT_FAMILIES = [
  'sans-serif',
  'serif',
  'monospace',
  'Arial',
  'Helvetica',
  'Verdana',
  'Georgia',
  'Times New Roman',
  'Courier New',
  'Microsoft YaHei',
  'PingFang SC',
  'SimHei',
  'SimSun',
  'Noto Sans',
  'Noto Sans CJK SC',
  'Malgun Gothic',
] as const;

/** Longest HTML a text widget holds. */
export const TEXT_HTML_MAX = 100_000;

/** Why text for a text widget is refused: its HTML would be longer than the format holds. */
export const textContentProblem = (text: string): TextProblem =>
  textToHtml(text).length > TEXT_HTML_MAX ? 'tooLong' : null;
