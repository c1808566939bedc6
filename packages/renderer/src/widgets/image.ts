import type { Widget } from '@apm/contract';
import { PausableTimeout } from '../timer.js';
import { transitionAnimation } from '../transitions.js';
import type { Showing } from '../play-reporter.js';
import type { WidgetContext, WidgetMount } from './context.js';

/**
 * Image list: each item shows for its duration and enters with its own transition over the one
 * before, which is removed when the transition ends. A single item just stays.
 */
export const mountImage: WidgetMount<'image'> = (el, widget: Widget<'image'>, ctx: WidgetContext) => {
  const items = widget.props.items;
  const doc = el.ownerDocument;
  let index = -1;
  let timer: PausableTimeout | null = null;
  let paused = false;
  /** The item on screen, timed for proof of play. */
  let showing: Showing | undefined;
  const cleanups = new Set<ReturnType<typeof setTimeout>>();

  const show = (i: number) => {
    const item = items[i];
    if (!item) return;
    index = i;
    el.dataset.slide = String(i);
    showing?.end();
    showing = ctx.plays?.begin({ kind: 'material', materialId: item.materialId }, !paused);
    const img = doc.createElement('img');
    img.className = 'apm-fill';
    img.alt = '';
    img.draggable = false;
    img.style.objectFit = widget.props.fit;
    img.src = ctx.resolveMaterialUrl(item.materialId);
    const previous = [...el.querySelectorAll('img')];
    const animation = previous.length ? transitionAnimation(item.transition) : null;
    if (animation) img.style.animation = animation;
    el.appendChild(img);
    const drop = () => previous.forEach((p) => p.remove());
    if (animation) {
      const t = setTimeout(() => {
        cleanups.delete(t);
        drop();
      }, item.transition.durationMs);
      cleanups.add(t);
    } else drop();
    if (items.length > 1) {
      timer = new PausableTimeout(() => show((index + 1) % items.length), item.durationMs);
      if (!paused) timer.resume();
    }
  };
  show(0);
  return {
    pause() {
      paused = true;
      timer?.pause();
      showing?.pause();
    },
    resume() {
      paused = false;
      timer?.resume();
      showing?.resume();
    },
    destroy() {
      showing?.end();
      timer?.cancel();
      cleanups.forEach(clearTimeout);
      el.textContent = '';
    },
  };
};
