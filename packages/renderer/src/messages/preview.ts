import type { TerminalMessagePayload } from '@apm/contract';
import { drawMessage, type MessageView } from './draw.js';

/** Options of {@link mountMessagePreview}. */
export interface MessagePreviewOptions {
  /** The screen drawn, in CSS px: sizes scale as on a real screen of this size (font by height / 1080). */
  width: number;
  height: number;
  /** The notice's image URL (the console's file URL), if any. */
  imageUrl?: string | null;
  /** Plays a takeover's program in `container` (the console's program preview); without it the takeover's text shows. */
  playProgram?(container: HTMLElement, programId: number): (() => void) | null;
}

/** A message preview on screen. */
export interface MessagePreview {
  /** Draws another version of the message (a form being edited). */
  update(payload: TerminalMessagePayload, imageUrl?: string | null): void;
  /** Draws it at another size. */
  resize(width: number, height: number): void;
  destroy(): void;
}

/**
 * Draws one message now, regardless of its schedule, on a `width`×`height` screen inside
 * `container`, over a neutral grey standing for the program under it: the console's form and list
 * previews, drawn by the same code as the player's layer. A ticker scrolls on without end.
 */
export function mountMessagePreview(
  container: HTMLElement,
  payload: TerminalMessagePayload,
  options: MessagePreviewOptions,
): MessagePreview {
  const doc = container.ownerDocument;
  const screen = doc.createElement('div');
  screen.className = 'apm-message-preview';
  screen.dataset.testid = 'message-preview';
  Object.assign(screen.style, {
    position: 'relative',
    overflow: 'hidden',
    background: '#595959',
    fontFamily: 'system-ui,sans-serif',
    lineHeight: 'normal',
    color: '#fff',
  });
  container.appendChild(screen);
  let size = { width: options.width, height: options.height };
  let current = payload;
  let imageUrl = options.imageUrl ?? payload.imageUrl ?? null;
  let view: MessageView | null = null;
  const draw = () => {
    view?.destroy();
    screen.style.width = `${size.width}px`;
    screen.style.height = `${size.height}px`;
    view = drawMessage(screen, current, { ...size, imageUrl, playProgram: options.playProgram });
  };
  draw();
  return {
    update(next, nextImageUrl) {
      current = next;
      if (nextImageUrl !== undefined) imageUrl = nextImageUrl;
      draw();
    },
    resize(width, height) {
      size = { width, height };
      screen.style.width = `${width}px`;
      screen.style.height = `${height}px`;
      view?.resize(width, height);
    },
    destroy() {
      view?.destroy();
      view = null;
      screen.remove();
    },
  };
}
