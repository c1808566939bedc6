import type { ChannelState } from './channel.js';
import type { PlayerTexts } from './i18n.js';

/** What fills the screen when no program plays. */
export type ScreenView =
  | { kind: 'connecting' }
  | { kind: 'pairing'; code: string }
  | { kind: 'waiting'; name: string }
  | { kind: 'message'; text: string }
  | { kind: 'playing' };

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * The player's page: a full-screen stage the renderer draws into, a panel over it for the
 * pairing and waiting screens, the messages layer over both, a black curtain for power-off hours, and a small status dot
 * in a corner that never covers content (it is outside the captured area).
 */
export class Screen {
  /** Captured by screenshots: the stage and the panel. */
  readonly root = el('div', { id: 'screen', 'data-testid': 'player-screen' });
  /** Where the renderer mounts the program. */
  readonly stage = el('div', { id: 'stage', 'data-testid': 'player-stage' });
  private readonly panel = el('div', { id: 'panel', 'data-testid': 'player-panel' });
  /** Messages (tickers, notices, takeovers): above the stage and the panel, under the power curtain. */
  readonly messages = el('div', { id: 'messages', 'data-testid': 'player-messages' });
  private readonly curtain = el('div', { id: 'curtain', 'data-testid': 'player-curtain', hidden: '' });
  private readonly dot = el('div', {
    id: 'status-dot',
    'data-testid': 'player-connection',
    'data-state': 'connecting',
    'data-no-capture': '',
  });

  constructor(private readonly texts: PlayerTexts) {
    this.root.append(this.stage, this.panel, this.messages, this.curtain);
    document.body.replaceChildren(this.root, this.dot);
    this.show({ kind: 'connecting' });
  }

  /** Shows a panel over the stage, or hides it while a program plays. */
  show(view: ScreenView): void {
    this.panel.hidden = view.kind === 'playing';
    this.root.dataset.view = view.kind;
    switch (view.kind) {
      case 'pairing':
        this.panel.replaceChildren(
          el('p', { class: 'title' }, this.texts.pairingTitle),
          el('p', { class: 'code', 'data-testid': 'pairing-code' }, view.code),
          el('p', { class: 'hint' }, this.texts.pairingHint),
        );
        break;
      case 'waiting':
        this.panel.replaceChildren(
          el('p', { class: 'title', 'data-testid': 'terminal-name' }, view.name),
          el('p', { class: 'hint' }, this.texts.waiting),
        );
        break;
      case 'connecting':
        this.panel.replaceChildren(el('p', { class: 'hint' }, this.texts.connecting));
        break;
      case 'message':
        this.panel.replaceChildren(el('p', { class: 'hint' }, view.text));
        break;
      case 'playing':
        this.panel.replaceChildren();
        break;
    }
  }

  /** The connection state, as the colour of the status dot. */
  connection(state: ChannelState): void {
    this.dot.dataset.state = state;
    this.dot.title = state;
  }

  /** Blanks the screen (power schedule off-time) or uncovers it. */
  blank(on: boolean): void {
    this.curtain.hidden = !on;
    this.root.dataset.blank = String(on);
  }

  /** The screen size in device pixels, as heartbeats report it. */
  resolution(): string {
    const ratio = window.devicePixelRatio || 1;
    return `${Math.round(window.innerWidth * ratio)}x${Math.round(window.innerHeight * ratio)}`;
  }
}
