import type { MessageDocument, TerminalMessagePayload } from '@apm/contract';
import { applyFont } from '../widgets/context.js';

/**
 * Draws one message (ticker band, notice box or full-screen takeover) into a layer element, sized
 * for the screen it is on: fonts are px on a 1080 px high screen (scaled by height / 1080), a
 * ticker's speed px/s on a 1920 px wide one (scaled by width / 1920). Text is text (never HTML).
 */

/** The design screen the document's sizes and speeds are given for. */
export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;

/** Stacking inside the layer: notices under tickers, the takeover over everything. */
const Z = { notice: '1', ticker: '2', takeover: '3' } as const;

/** Line height of a ticker band, in em: the band is this tall around its text. */
const BAND_EM = 1.5;

/** What drawing needs besides the payload. */
export interface DrawContext {
  /** The screen (the layer's box) in CSS px. */
  width: number;
  height: number;
  /** The notice's image, or null. */
  imageUrl: string | null;
  /** Plays a program full screen in `container` (a takeover's); answers how to stop it, or null when it cannot. */
  playProgram?: (container: HTMLElement, programId: number) => (() => void) | null;
  /** A ticker's passes: Infinity scrolls until removed (the layer ends a showing on time itself). */
  iterations?: number;
}

/** One message on screen. */
export interface MessageView {
  el: HTMLElement;
  /** One ticker pass (text from one edge to out past the other), ms; 0 for other kinds. */
  passMs(): number;
  /** The screen changed size: redraw to it (a ticker starts its pass again). */
  resize(width: number, height: number): void;
  destroy(): void;
}

const ALIGN_ITEMS = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

function scaledFont(el: HTMLElement, document: MessageDocument, height: number): void {
  applyFont(el, { ...document.font, size: (document.font.size * height) / DESIGN_HEIGHT });
}

/** Draws a message into `parent` (the layer): its element is appended, then laid out (a ticker measures its text). */
export function drawMessage(
  parent: HTMLElement,
  payload: TerminalMessagePayload,
  ctx: DrawContext,
): MessageView {
  const doc = parent.ownerDocument;
  const el = doc.createElement('div');
  el.className = `apm-message apm-message-${payload.document.kind}`;
  el.dataset.messageId = String(payload.id);
  el.dataset.messageKind = payload.document.kind;
  el.style.position = 'absolute';
  el.style.zIndex = Z[payload.document.kind];
  el.style.overflow = 'hidden';
  el.style.boxSizing = 'border-box';
  el.style.backgroundColor = payload.document.background;
  parent.appendChild(el);
  if (payload.document.kind === 'ticker') return drawTicker(doc, el, payload.document, ctx);
  if (payload.document.kind === 'notice') return drawNotice(doc, el, payload.document, ctx);
  return drawTakeover(doc, el, payload.document, ctx);
}

function drawTicker(
  doc: Document,
  el: HTMLElement,
  document: MessageDocument,
  ctx: DrawContext,
): MessageView {
  const ticker = document.ticker ?? { position: 'bottom', speed: 120, direction: 'left' };
  const text = doc.createElement('span');
  text.className = 'apm-message-text';
  text.textContent = document.text.replace(/\s+/g, ' ').trim();
  text.style.position = 'absolute';
  text.style.left = '0';
  text.style.top = '0';
  text.style.whiteSpace = 'pre';
  text.style.willChange = 'transform';
  el.appendChild(text);
  el.style.left = '0';
  el.style.width = '100%';
  let animation: Animation | null = null;
  let pass = 0;
  const layout = (width: number, height: number) => {
    scaledFont(el, document, height);
    const fontPx = (document.font.size * height) / DESIGN_HEIGHT;
    const band = Math.min(height, Math.ceil(fontPx * BAND_EM));
    el.style.height = `${band}px`;
    text.style.lineHeight = `${band}px`;
    if (ticker.position === 'top') el.style.top = '0';
    else if (ticker.position === 'bottom') el.style.top = `${height - band}px`;
    else
      el.style.top = `${Math.max(0, Math.min(height - band, ((ticker.offsetPercent ?? 0) * height) / 100))}px`;
    // Layout px: the distance is the screen's width plus the text's, at the speed scaled to the width.
    const textWidth = text.offsetWidth;
    const speed = (ticker.speed * width) / DESIGN_WIDTH;
    pass = speed > 0 ? ((width + textWidth) / speed) * 1000 : 0;
    const enter = `translate3d(${width}px,0,0)`;
    const leave = `translate3d(${-textWidth}px,0,0)`;
    const frames =
      ticker.direction === 'left'
        ? [{ transform: enter }, { transform: leave }]
        : [{ transform: leave }, { transform: enter }];
    animation?.cancel();
    // `forwards`: after its last pass the text stays outside the band, even if removed a little late.
    animation =
      pass > 0
        ? text.animate(frames, { duration: pass, iterations: ctx.iterations ?? Infinity, fill: 'forwards' })
        : null;
  };
  layout(ctx.width, ctx.height);
  return {
    el,
    passMs: () => pass,
    resize: layout,
    destroy() {
      animation?.cancel();
      el.remove();
    },
  };
}

function textBlock(
  doc: Document,
  document: MessageDocument,
  align: 'left' | 'center' | 'right',
): HTMLElement {
  const text = doc.createElement('div');
  text.className = 'apm-message-text';
  text.textContent = document.text;
  text.style.whiteSpace = 'pre-wrap';
  text.style.overflowWrap = 'anywhere';
  text.style.textAlign = align;
  text.style.width = '100%';
  text.style.minHeight = '0';
  text.style.overflow = 'hidden';
  return text;
}

function column(el: HTMLElement, align: 'left' | 'center' | 'right'): void {
  el.style.display = 'flex';
  el.style.flexDirection = 'column';
  el.style.justifyContent = 'center';
  el.style.alignItems = ALIGN_ITEMS[align];
  el.style.gap = '0.3em';
}

function drawNotice(
  doc: Document,
  el: HTMLElement,
  document: MessageDocument,
  ctx: DrawContext,
): MessageView {
  const notice = document.notice ?? {
    x: 25,
    y: 25,
    width: 50,
    height: 50,
    imageMaterialId: null,
    align: 'center',
  };
  el.style.left = `${notice.x}%`;
  el.style.top = `${notice.y}%`;
  el.style.width = `${Math.min(notice.width, 100 - notice.x)}%`;
  el.style.height = `${Math.min(notice.height, 100 - notice.y)}%`;
  el.style.padding = '0.5em';
  column(el, notice.align);
  if (ctx.imageUrl) {
    const img = doc.createElement('img');
    img.className = 'apm-message-image';
    img.alt = '';
    img.src = ctx.imageUrl;
    img.style.flex = '1 1 auto';
    img.style.minHeight = '0';
    img.style.maxWidth = '100%';
    img.style.objectFit = 'contain';
    el.appendChild(img);
  }
  if (document.text.trim()) el.appendChild(textBlock(doc, document, notice.align));
  const layout = (_width: number, height: number) => scaledFont(el, document, height);
  layout(ctx.width, ctx.height);
  return { el, passMs: () => 0, resize: layout, destroy: () => el.remove() };
}

function drawTakeover(
  doc: Document,
  el: HTMLElement,
  document: MessageDocument,
  ctx: DrawContext,
): MessageView {
  const takeover = document.takeover ?? { programId: null, align: 'center' };
  el.style.inset = '0';
  el.style.padding = '5%';
  column(el, takeover.align);
  let stopProgram: (() => void) | null = null;
  if (takeover.programId && ctx.playProgram) {
    const stage = doc.createElement('div');
    stage.className = 'apm-message-program';
    stage.style.position = 'absolute';
    stage.style.inset = '0';
    el.appendChild(stage);
    try {
      stopProgram = ctx.playProgram(stage, takeover.programId);
    } catch {
      stopProgram = null;
    }
    // Without its program (not held, not renderable) the takeover still shows its text.
    if (!stopProgram) stage.remove();
  }
  if (!stopProgram) el.appendChild(textBlock(doc, document, takeover.align));
  el.dataset.takeoverContent = stopProgram ? 'program' : 'text';
  const layout = (_width: number, height: number) => scaledFont(el, document, height);
  layout(ctx.width, ctx.height);
  return {
    el,
    passMs: () => 0,
    resize: layout,
    destroy() {
      try {
        stopProgram?.();
      } finally {
        el.remove();
      }
    },
  };
}
