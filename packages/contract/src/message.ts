import { Type, type Static, type TSchema } from 'typebox';
import { PLAN_PRIORITY_MAX, PLAN_PRIORITY_MIN, PlanWindowSchema, WEEKDAY_CODES } from './plan.js';
import { ColorSchema, FontSchema } from './program.js';

/**
 * A message: short content shown on screens above the running program — a scrolling ticker, a notice
 * box over the program, or a full-screen takeover for emergencies — with its schedule (valid from/until,
 * days and time windows read by the plan resolver's rules in the terminal's zone) and its priority.
 * The document is everything a terminal needs to show and end it, offline too; the console, the server
 * and the player validate it with this one schema, and `packages/renderer` draws it for all of them.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A percentage of the screen's width or height. */
const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** How a message takes the screen. */
export const MESSAGE_KINDS = ['ticker', 'notice', 'takeover'] as const;
/**
 * `ticker`: a band of scrolling text (top, bottom or at a given height);
 * `notice`: a box of text and/or an image over the program;
 * `takeover`: the whole screen (text and/or a program), over everything else.
 */
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Where a ticker's band sits. */
export const TICKER_POSITIONS = ['top', 'bottom', 'custom'] as const;
export type TickerPosition = (typeof TICKER_POSITIONS)[number];

/** Which way a ticker's text moves. */
export const TICKER_DIRECTIONS = ['left', 'right'] as const;
export type TickerDirection = (typeof TICKER_DIRECTIONS)[number];

/** How text lines up in a notice or takeover. */
export const MESSAGE_ALIGNS = ['left', 'center', 'right'] as const;

/** Longest text of a message. */
export const MESSAGE_TEXT_MAX = 2000;

/** A ticker's band and motion. */
export const TickerSchema = Type.Object({
  position: Type.Enum([...TICKER_POSITIONS]),
  /** `custom`: the band's top edge, in % of the screen's height. */
  offsetPercent: Type.Optional(Percent),
  /** Pixels a second on a 1920 px wide screen (scaled with the screen). */
  speed: Type.Integer({ minimum: 10, maximum: 2000 }),
  direction: Type.Enum([...TICKER_DIRECTIONS]),
});
export type Ticker = Static<typeof TickerSchema>;

/** A notice's box, in % of the screen. */
export const NoticeSchema = Type.Object({
  x: Percent,
  y: Percent,
  width: Type.Number({ minimum: 1, maximum: 100 }),
  height: Type.Number({ minimum: 1, maximum: 100 }),
  /** An image shown in the box (above the text); null: text only. */
  imageMaterialId: Nullable(Id),
  align: Type.Enum([...MESSAGE_ALIGNS]),
});
export type Notice = Static<typeof NoticeSchema>;

/** What a takeover shows: a program full screen, or its text (with `font`, on `background`). */
export const TakeoverSchema = Type.Object({
  /** A program played full screen instead of the text; null: the text. */
  programId: Nullable(Id),
  align: Type.Enum([...MESSAGE_ALIGNS]),
});
export type Takeover = Static<typeof TakeoverSchema>;

/** A message's content, look and schedule. */
export const MessageDocumentSchema = Type.Object({
  kind: Type.Enum([...MESSAGE_KINDS]),
  text: Type.String({ maxLength: MESSAGE_TEXT_MAX }),
  /** Size in px on a 1080 px high screen (scaled with the screen). */
  font: FontSchema,
  background: ColorSchema,
  /** Present when `kind` is `ticker`. */
  ticker: Type.Optional(TickerSchema),
  /** Present when `kind` is `notice`. */
  notice: Type.Optional(NoticeSchema),
  /** Present when `kind` is `takeover`. */
  takeover: Type.Optional(TakeoverSchema),
  /** Higher wins when messages of the same kind and place are due together. */
  priority: Type.Integer({ minimum: PLAN_PRIORITY_MIN, maximum: PLAN_PRIORITY_MAX }),
  /** ISO 8601 instants; null from: as soon as it arrives; null until: until it is stopped. */
  validFrom: Nullable(Type.String({ format: 'date-time' })),
  validUntil: Nullable(Type.String({ format: 'date-time' })),
  /** Days of the week it shows on (terminal's zone); empty: every day. */
  weekdays: Type.Array(Type.Enum([...WEEKDAY_CODES]), { maxItems: 7, uniqueItems: true }),
  /** Time-of-day windows on those days; empty: the whole day. An end at or before the start is the next day. */
  windows: Type.Array(PlanWindowSchema, { maxItems: 24 }),
  /**
   * How long each showing lasts (each window's occurrence): `repeat` passes of a ticker, or
   * `durationSec` seconds; both null: the whole window.
   */
  repeat: Nullable(Type.Integer({ minimum: 1, maximum: 1000 })),
  durationSec: Nullable(Type.Integer({ minimum: 1, maximum: 86_400 })),
});
export type MessageDocument = Static<typeof MessageDocumentSchema>;

/** A message as a terminal receives it (the `showMessage` command, the manifest). */
export const TerminalMessagePayloadSchema = Type.Object({
  id: Id,
  /** Increases on every save: a payload with a higher revision replaces the one held. */
  revision: Type.Integer({ minimum: 1 }),
  name: Type.String({ maxLength: 100 }),
  document: MessageDocumentSchema,
  /** Download URL of the notice's image (under the API base, device token), when it has one. */
  imageUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
});
export type TerminalMessagePayload = Static<typeof TerminalMessagePayloadSchema>;

/** A new message's document: a ticker at the bottom, white on dark, all day, valid until stopped. */
export function defaultMessageDocument(kind: MessageKind = 'ticker'): MessageDocument {
  const base: MessageDocument = {
    kind,
    text: '',
    font: { family: 'sans-serif', size: 48, color: '#ffffff', bold: false, italic: false },
    background: '#000000cc',
    priority: 5,
    validFrom: null,
    validUntil: null,
    weekdays: [],
    windows: [],
    repeat: null,
    durationSec: null,
  };
  if (kind === 'ticker') return { ...base, ticker: { position: 'bottom', speed: 120, direction: 'left' } };
  if (kind === 'notice') {
    return {
      ...base,
      font: { ...base.font, size: 40 },
      notice: { x: 25, y: 25, width: 50, height: 50, imageMaterialId: null, align: 'center' },
    };
  }
  return {
    ...base,
    background: '#b00020',
    font: { ...base.font, size: 96, bold: true },
    takeover: { programId: null, align: 'center' },
  };
}

/** Why a valid-by-schema document cannot be shown, naming the field (`document.ticker`), or null. */
export function messageDocumentProblem(document: MessageDocument): { field: string; message: string } | null {
  const part = document[document.kind];
  if (!part)
    return {
      field: `document.${document.kind}`,
      message: `document.${document.kind} is required for a ${document.kind}`,
    };
  for (const other of MESSAGE_KINDS) {
    if (other !== document.kind && document[other]) {
      return {
        field: `document.${other}`,
        message: `document.${other} belongs to a ${other}, not a ${document.kind}`,
      };
    }
  }
  if (
    document.kind === 'ticker' &&
    document.ticker?.position === 'custom' &&
    document.ticker.offsetPercent === undefined
  ) {
    return {
      field: 'document.ticker.offsetPercent',
      message: 'document.ticker.offsetPercent is required for a custom position',
    };
  }
  const hasProgram = document.kind === 'takeover' && document.takeover?.programId;
  const hasImage = document.kind === 'notice' && document.notice?.imageMaterialId;
  if (!document.text.trim() && !hasProgram && !hasImage) {
    return { field: 'document.text', message: 'document.text is required' };
  }
  if (document.kind !== 'ticker' && document.repeat !== null) {
    return { field: 'document.repeat', message: 'document.repeat applies to tickers only' };
  }
  if (
    document.validFrom &&
    document.validUntil &&
    Date.parse(document.validUntil) <= Date.parse(document.validFrom)
  ) {
    return { field: 'document.validUntil', message: 'document.validUntil must be after document.validFrom' };
  }
  return null;
}
