import type { Widget } from '@apm/contract';
import { applyFont, isHttpUrl, type WidgetContext, type WidgetMount } from './context.js';

/** A button: exit, previous (before), next (after), or a jump to a scene. */
export const mountButton: WidgetMount<'button'> = (el, widget: Widget<'button'>, ctx: WidgetContext) => {
  const { props } = widget;
  const button = el.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = 'apm-button apm-fill';
  button.textContent = props.label;
  button.dataset.action = props.action;
  applyFont(button, props.font);
  button.style.background = props.background;
  button.style.borderRadius = `${props.radius}px`;
  const onClick = (event: Event) => {
    // The scene's "until touched" handler must not also count this press.
    event.stopPropagation();
    ctx.plays?.click('button', widget.id);
    if (props.action === 'exit') ctx.exit();
    else if (props.action === 'previous') ctx.previous();
    else if (props.action === 'next') ctx.next();
    else if (props.targetSceneId) ctx.goToScene(props.targetSceneId);
  };
  button.addEventListener('pointerdown', (event) => event.stopPropagation());
  button.addEventListener('click', onClick);
  el.appendChild(button);
  return { destroy: () => button.remove() };
};

/** A web page in a frame, reloaded every `refreshSeconds` (0 never). */
export const mountWeb: WidgetMount<'web'> = (el, widget: Widget<'web'>) => {
  const { props } = widget;
  const frame = el.ownerDocument.createElement('iframe');
  // The preview may show a document not yet validated: only web pages, never `javascript:`.
  if (!isHttpUrl(props.url)) return { destroy: () => (el.textContent = '') };
  frame.className = 'apm-fill apm-web';
  // A page of the host's own origin must not reach the host (the console) through the frame.
  const sameOrigin =
    new URL(props.url, el.ownerDocument.baseURI).origin === el.ownerDocument.location?.origin;
  frame.setAttribute(
    'sandbox',
    sameOrigin ? 'allow-scripts allow-forms' : 'allow-scripts allow-same-origin allow-forms',
  );
  frame.referrerPolicy = 'no-referrer';
  frame.src = props.url;
  el.appendChild(frame);
  let handle: ReturnType<typeof setInterval> | null = null;
  const startRefresh = () => {
    if (props.refreshSeconds > 0 && handle === null)
      handle = setInterval(() => {
        frame.src = props.url;
      }, props.refreshSeconds * 1000);
  };
  const stopRefresh = () => {
    if (handle !== null) clearInterval(handle);
    handle = null;
  };
  startRefresh();
  return {
    pause: stopRefresh,
    resume: startRefresh,
    destroy() {
      stopRefresh();
      frame.remove();
    },
  };
};
