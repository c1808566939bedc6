import type { DataItem, Widget } from '@apm/contract';
import { marqueeMotion } from '../transitions.js';
import { applyFont, type WidgetContext, type WidgetMount } from './context.js';
import { pauseNow } from '../animation-hold.js';

/** Between ticker items. */
const SEPARATOR = '  •  ';
/** After a failed fetch, try again this soon (the last items stay shown). */
const RETRY_MS = 60_000;

/**
 * A data widget: the items of a tenant's data source, as the server cached them (the host fetches
 * them: the console's call, or the terminal API on a player), as a list or a one-line ticker;
 * asked for again every `refreshSeconds`. Items are text only (never HTML).
 */
export const mountData: WidgetMount<'data'> = (el, widget: Widget<'data'>, ctx: WidgetContext) => {
  const { props } = widget;
  const doc = el.ownerDocument;
  el.classList.add('apm-data');
  applyFont(el, props.font);
  el.style.overflow = 'hidden';
  if (props.background) el.style.background = props.background;
  const content = doc.createElement('div');
  content.className = 'apm-data-content';
  el.appendChild(content);
  let animation: Animation | null = null;
  let paused = false;
  let destroyed = false;
  let shown = '';
  let timer: ReturnType<typeof setTimeout> | null = null;

  const showList = (items: DataItem[]) => {
    const list = doc.createElement('ul');
    list.style.cssText = 'margin:0;padding:0;list-style:none';
    for (const item of items) {
      const li = doc.createElement('li');
      li.className = 'apm-data-item';
      li.style.marginBottom = '0.3em';
      const title = doc.createElement('div');
      title.style.fontWeight = 'bold';
      title.textContent = item.title;
      li.appendChild(title);
      if (item.text) {
        const text = doc.createElement('div');
        text.style.fontSize = '0.7em';
        text.textContent = item.text;
        li.appendChild(text);
      }
      list.appendChild(li);
    }
    content.replaceChildren(list);
  };

  const showTicker = (items: DataItem[]) => {
    animation?.cancel();
    el.style.display = 'flex';
    el.style.alignItems = 'center';
    content.style.whiteSpace = 'nowrap';
    content.style.width = 'max-content';
    content.textContent = items.map((i) => i.title).join(SEPARATOR);
    // Layout sizes are canvas px: the stage's scale transform does not change them.
    const motion = marqueeMotion(
      'left',
      { width: el.offsetWidth, height: el.offsetHeight },
      { width: content.offsetWidth, height: content.offsetHeight },
      props.speed,
    );
    animation = content.animate([{ transform: motion.from }, { transform: motion.to }], {
      duration: motion.durationMs,
      iterations: Infinity,
    });
    if (paused) pauseNow(animation);
  };

  const show = (items: DataItem[]) => {
    const top = items.slice(0, props.maxItems);
    const key = JSON.stringify(top);
    if (key === shown) return;
    shown = key;
    el.dataset.items = String(top.length);
    if (props.display === 'ticker') showTicker(top);
    else showList(top);
  };

  const load = async () => {
    let next = props.refreshSeconds * 1000;
    try {
      if (!ctx.fetchDataFeed) return;
      const feed = await ctx.fetchDataFeed(props.sourceId);
      if (!destroyed) show(feed.items);
    } catch {
      next = Math.min(next, RETRY_MS);
    }
    if (!destroyed) timer = setTimeout(() => void load(), next);
  };
  void load();

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
      destroyed = true;
      if (timer) clearTimeout(timer);
      animation?.cancel();
      el.textContent = '';
    },
  };
};
