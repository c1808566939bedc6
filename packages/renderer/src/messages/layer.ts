import type { TerminalMessagePayload } from '@apm/contract';
import {
  forcedShowingMs,
  isTimeZone,
  messageSlot,
  nextMessageBoundary,
  pickMessages,
  showingEnd,
  type Interval,
  type MessagePick,
  type MessageSlot,
} from '@apm/schedule';
import { DESIGN_HEIGHT, DESIGN_WIDTH, drawMessage, type MessageView } from './draw.js';

/** What a layer remembers of its showings: kept by a host across a reload, so none starts over. */
export interface MessageLayerMemory {
  /** Message id → start of the occurrence whose showing ended (not shown again in it). */
  finished: [number, number][];
  /** Message id → the showing under way (revision and occurrence) and when it ends. */
  begun: [number, string, number][];
}

/** Options of {@link mountMessageLayer}. */
export interface MessageLayerOptions {
  /** The terminal's IANA time zone: where the messages' days and windows are read. */
  timeZone: string;
  /** The clock (epoch ms); default `Date.now`. */
  now?: () => number;
  /** The URL of a notice's image (the player's cached copy, the console's file URL), or null. */
  resolveImageUrl?(payload: TerminalMessagePayload): string | null;
  /** Plays a takeover's program full screen in `container`; answers how to stop it, or null (then its text shows). */
  playProgram?(container: HTMLElement, programId: number): (() => void) | null;
  /** The messages on screen changed (ids, in slot order: takeover, notice, tickers). */
  onShowingChange?(showingIds: number[]): void;
  /** A showing ended (its time ran out, it was stopped or replaced, or the layer was destroyed). */
  onShowingEnd?(event: { messageId: number; startedAt: number; durationMs: number }): void;
  /** What an earlier layer remembered ({@link MessageLayer.memory}): its showings go on, not over. */
  memory?: MessageLayerMemory;
}

/** The messages layer of a screen. */
export interface MessageLayer {
  /** The messages held (the layer shows each by its schedule; one absent from the list ends now). */
  set(messages: TerminalMessagePayload[]): void;
  /** Shows a held message now for one showing, regardless of its schedule; false when not held. */
  playNow(messageId: number): boolean;
  /** Ids of the messages on screen now. */
  showing(): number[];
  /**
   * Draws a message on screen again, its showing going on (same start and end): what it draws
   * changed (its image is now cached, its takeover program now held). False when it is not on screen.
   */
  redraw(messageId: number): boolean;
  /** What to keep across a reload (read it when the showings change). */
  memory(): MessageLayerMemory;
  destroy(): void;
}

/** The longest wait before deciding again (a clock set forward or back, a missed timer). */
const MAX_WAIT_MS = 60_000;
const SLOT_ORDER: MessageSlot[] = ['takeover', 'notice', 'ticker:top', 'ticker:custom', 'ticker:bottom'];

interface Showing {
  pick: MessagePick;
  view: MessageView;
  startedAt: number;
  endAt: number;
}

const sameShowing = (a: MessagePick, b: MessagePick) =>
  a.payload.id === b.payload.id &&
  a.payload.revision === b.payload.revision &&
  a.forced === b.forced &&
  a.occurrence.start === b.occurrence.start;

/**
 * Mounts the messages layer over whatever `container` already shows (a program keeps playing
 * under it, untouched): tickers, the notice and the takeover of {@link pickMessages}, started and
 * ended on time by the layer's own timer (no network needed), each occurrence shown once for its
 * duration or ticker passes. The player and the console draw messages only through this.
 */
export function mountMessageLayer(container: HTMLElement, options: MessageLayerOptions): MessageLayer {
  const doc = container.ownerDocument;
  // A zone this runtime does not know cannot be read: UTC rather than no messages at all.
  const timeZone = isTimeZone(options.timeZone) ? options.timeZone : 'UTC';
  // Whole ms: the calendar works in them (a fake or high-resolution clock may give fractions).
  const now = () => Math.floor(options.now?.() ?? Date.now());
  const root = doc.createElement('div');
  root.className = 'apm-messages';
  root.dataset.testid = 'message-layer';
  Object.assign(root.style, {
    position: 'absolute',
    inset: '0',
    overflow: 'hidden',
    pointerEvents: 'none',
    fontFamily: 'system-ui,sans-serif',
    lineHeight: 'normal',
  });
  // The layer covers the container's box: a static container is made the layer's containing block.
  if (doc.defaultView?.getComputedStyle(container).position === 'static')
    container.style.position = 'relative';
  container.appendChild(root);

  let payloads: TerminalMessagePayload[] = [];
  const showings = new Map<MessageSlot, Showing>();
  /** Message id → start of the occurrence whose showing ended (not shown again in it). */
  const finished = new Map<number, number>(options.memory?.finished ?? []);
  /** Message id → the showing "play now" asked for. */
  const forced = new Map<number, Interval>();
  /** Message id → its showing in an occurrence, kept when a higher priority covers it for a while. */
  const begun = new Map<number, { key: string; endAt: number }>(
    (options.memory?.begun ?? []).map(([id, key, endAt]) => [id, { key, endAt }]),
  );
  let lastIds = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;

  const size = () => ({
    width: root.clientWidth || DESIGN_WIDTH,
    height: root.clientHeight || DESIGN_HEIGHT,
  });
  const beginKey = (pick: MessagePick) =>
    `${pick.payload.revision}:${pick.forced ? 'f' : ''}${pick.occurrence.start}`;

  const end = (slot: MessageSlot, at: number) => {
    const showing = showings.get(slot);
    if (!showing) return;
    showings.delete(slot);
    try {
      showing.view.destroy();
    } finally {
      options.onShowingEnd?.({
        messageId: showing.pick.payload.id,
        startedAt: showing.startedAt,
        durationMs: Math.max(0, at - showing.startedAt),
      });
    }
  };

  const draw = (payload: TerminalMessagePayload) =>
    drawMessage(root, payload, {
      ...size(),
      imageUrl: options.resolveImageUrl?.(payload) ?? payload.imageUrl ?? null,
      playProgram: options.playProgram,
    });

  const start = (slot: MessageSlot, pick: MessagePick, at: number) => {
    const view = draw(pick.payload);
    const message = pick.payload.document;
    const key = beginKey(pick);
    const earlier = begun.get(pick.payload.id);
    let endAt: number;
    if (earlier?.key === key) endAt = earlier.endAt;
    else if (pick.forced) endAt = pick.occurrence.start + forcedShowingMs(message, view.passMs());
    else endAt = showingEnd(message, Math.max(at, pick.occurrence.start), pick.occurrence.end, view.passMs());
    if (pick.forced) forced.set(pick.payload.id, { start: pick.occurrence.start, end: endAt });
    begun.set(pick.payload.id, { key, endAt });
    showings.set(slot, { pick, view, startedAt: at, endAt });
  };

  const showingIds = () =>
    SLOT_ORDER.flatMap((slot) => {
      const showing = showings.get(slot);
      return showing ? [showing.pick.payload.id] : [];
    });

  const evaluate = () => {
    clearTimeout(timer);
    if (destroyed) return;
    const at = now();
    // Showings whose time ran out end first, so that what they covered can show.
    for (const [slot, showing] of showings) {
      if (showing.endAt > at) continue;
      const id = showing.pick.payload.id;
      if (showing.pick.forced) forced.delete(id);
      else finished.set(id, showing.pick.occurrence.start);
      end(slot, at);
    }
    for (const [id, interval] of forced) if (interval.end <= at) forced.delete(id);
    const picks = pickMessages(payloads, at, timeZone, finished, forced);
    const wanted = new Map<MessageSlot, MessagePick>();
    if (picks.takeover) wanted.set('takeover', picks.takeover);
    if (picks.notice) wanted.set('notice', picks.notice);
    for (const pick of Object.values(picks.tickers)) wanted.set(messageSlot(pick.payload.document), pick);
    for (const slot of SLOT_ORDER) {
      const current = showings.get(slot);
      const want = wanted.get(slot);
      if (current && want && sameShowing(current.pick, want)) continue;
      if (current) end(slot, at);
      if (want) start(slot, want, at);
    }
    // A showing may be over as soon as it starts (a pass longer than what is left of its window).
    if ([...showings.values()].some((s) => s.endAt <= at)) return evaluate();
    const ids = showingIds();
    if (ids.join(',') !== lastIds) {
      lastIds = ids.join(',');
      options.onShowingChange?.(ids);
    }
    let next = at + MAX_WAIT_MS;
    for (const showing of showings.values()) next = Math.min(next, showing.endAt);
    for (const interval of forced.values()) if (interval.end > at) next = Math.min(next, interval.end);
    const boundary = nextMessageBoundary(
      payloads.map((p) => p.document),
      at,
      timeZone,
      MAX_WAIT_MS,
    );
    if (boundary !== null) next = Math.min(next, boundary);
    timer = setTimeout(evaluate, Math.max(0, next - at));
  };

  // A resized screen redraws what shows (fonts follow the height, tickers the width).
  let seen = `${root.clientWidth}x${root.clientHeight}`;
  const resizes =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          const current = `${root.clientWidth}x${root.clientHeight}`;
          if (current === seen) return;
          seen = current;
          const { width, height } = size();
          for (const showing of showings.values()) showing.view.resize(width, height);
        });
  resizes?.observe(root);

  return {
    set(messages) {
      const byId = new Map(messages.map((m) => [m.id, m]));
      for (const state of [finished, forced, begun] as Map<number, unknown>[]) {
        for (const id of state.keys()) if (!byId.has(id)) state.delete(id);
      }
      // A new revision starts a new showing: what was measured for the old one does not hold.
      for (const [id, earlier] of begun) {
        if (!earlier.key.startsWith(`${byId.get(id)!.revision}:`)) begun.delete(id);
      }
      payloads = [...byId.values()];
      evaluate();
    },
    playNow(messageId) {
      const payload = payloads.find((p) => p.id === messageId);
      if (!payload || destroyed) return false;
      const at = now();
      forced.set(messageId, { start: at, end: at + forcedShowingMs(payload.document, 0) });
      evaluate();
      return true;
    },
    showing: () => showingIds(),
    redraw(messageId) {
      for (const showing of showings.values()) {
        if (showing.pick.payload.id !== messageId) continue;
        showing.view.destroy();
        showing.view = draw(showing.pick.payload);
        return true;
      }
      return false;
    },
    memory: () => ({
      finished: [...finished],
      begun: [...begun].map(([id, { key, endAt }]) => [id, key, endAt]),
    }),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(timer);
      resizes?.disconnect();
      const at = now();
      for (const slot of [...showings.keys()]) end(slot, at);
      root.remove();
    },
  };
}
