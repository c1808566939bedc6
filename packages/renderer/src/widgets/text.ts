import DOMPurify from 'dompurify';
import type { Widget } from '@apm/contract';
import { marqueeMotion } from '../transitions.js';
import { applyFont, type WidgetMount } from './context.js';
import { pauseNow } from '../animation-hold.js';

const JUSTIFY = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

/** Only formatting survives: no scripts, no event handlers, no frames or forms. */
export function sanitizeText(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  });
}

/** Rich text (sanitised), with font and alignment; optionally scrolling as a marquee. */
export const mountText: WidgetMount<'text'> = (el, widget: Widget<'text'>) => {
  const { props } = widget;
  const doc = el.ownerDocument;
  el.classList.add('apm-text');
  applyFont(el, props.font);
  if (props.background) el.style.background = props.background;
  el.style.textAlign = props.align;
  el.style.justifyContent = JUSTIFY[props.verticalAlign];
  const content = doc.createElement('div');
  content.className = 'apm-text-content';
  content.innerHTML = sanitizeText(props.html);
  el.appendChild(content);
  const marquee = props.marquee;
  if (!marquee) return { destroy: () => (el.textContent = '') };

  const horizontal = marquee.direction === 'left' || marquee.direction === 'right';
  el.classList.add('apm-marquee');
  content.style.whiteSpace = horizontal ? 'nowrap' : 'normal';
  content.style.width = horizontal ? 'max-content' : '100%';
  let animation: Animation | null = null;
  let paused = false;
  let frame = 0;
  const start = () => {
    // Layout sizes (offsetWidth) are canvas px: the stage's scale transform does not change them.
    const motion = marqueeMotion(
      marquee.direction,
      { width: el.offsetWidth, height: el.offsetHeight },
      { width: content.offsetWidth, height: content.offsetHeight },
      marquee.speed,
    );
    animation = content.animate([{ transform: motion.from }, { transform: motion.to }], {
      duration: motion.durationMs,
      iterations: Infinity,
    });
    if (paused) pauseNow(animation);
  };
  const raf = doc.defaultView?.requestAnimationFrame ?? ((cb: FrameRequestCallback) => setTimeout(cb, 16));
  frame = Number(raf(start));
  return {
    pause() {
      paused = true;
      if (animation) pauseNow(animation);
    },
    resume() {
      paused = false;
      animation?.play();
    },
    destroy() {
      doc.defaultView?.cancelAnimationFrame(frame);
      animation?.cancel();
      el.textContent = '';
    },
  };
};
