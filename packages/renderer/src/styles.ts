import { transitionKeyframesCss } from './transitions.js';

const STYLE_ID = 'apm-renderer-styles';

const BASE_CSS = `
.apm-renderer{position:relative;width:100%;height:100%;overflow:hidden;background:#000;touch-action:manipulation;user-select:none}
.apm-renderer,.apm-scene-canvas{font-family:system-ui,sans-serif;font-size:16px;line-height:normal;letter-spacing:normal;text-align:left;color:#fff}
.apm-renderer:focus{outline:none}
.apm-renderer[data-mode=preview]:focus-visible{outline:2px solid #4096ff;outline-offset:-2px}
.apm-renderer[data-mode=preview]{background:#262626}
.apm-screen{position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden}
.apm-stage{position:absolute;left:0;top:0;transform-origin:0 0;overflow:hidden}
.apm-scene{position:absolute;inset:0;overflow:hidden;background-position:center;background-repeat:no-repeat}
.apm-widget{position:absolute;box-sizing:border-box;overflow:hidden;contain:layout paint}
.apm-fill{position:absolute;inset:0;width:100%;height:100%;border:0;margin:0;padding:0;box-sizing:border-box}
.apm-text{display:flex;flex-direction:column;word-break:break-word}
.apm-text-content{width:100%}
.apm-text-content p{margin:0}
.apm-marquee{display:block}
.apm-line{display:flex;align-items:center;white-space:nowrap}
.apm-qrcode svg{display:block;width:100%;height:100%}
.apm-button{cursor:pointer;border:0;display:flex;align-items:center;justify-content:center}
.apm-button:focus{outline:none}
.apm-button:focus-visible{outline:4px solid #ffbf00;outline-offset:-4px;box-shadow:inset 0 0 0 8px rgba(0,0,0,.6)}
.apm-renderer[data-mode=player]{cursor:none}
`;

/** Adds the renderer's stylesheet (layout and transition keyframes) to a document, once. */
export function ensureStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = `${BASE_CSS}\n${transitionKeyframesCss()}`;
  doc.head.appendChild(style);
}
