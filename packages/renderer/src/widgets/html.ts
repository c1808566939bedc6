import { WIDGET_FRAME_MESSAGES, WIDGET_FRAME_PATH, type Widget } from '@apm/contract';
import type { WidgetContext, WidgetMount } from './context.js';
import { loadWidgetPackage } from './html-package.js';

/**
 * A custom HTML widget: its package (a zip material — the player's cached copy, the console's file
 * URL) unpacked here and posted to the widget frame, a server page of its own strict policy shown
 * in a sandbox without `allow-same-origin`, so the widget's scripts reach neither the console nor
 * the player nor the network. Settings (the widget's values over the package's defaults) are
 * `window.apmWidget.settings` in the frame, and posted again as a message for widgets that listen.
 */
export const mountHtml: WidgetMount<'html'> = (el, widget: Widget<'html'>, ctx: WidgetContext) => {
  const doc = el.ownerDocument;
  const frame = doc.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.title = widget.name || 'widget';
  frame.style.cssText = 'border:0;width:100%;height:100%;display:block;background:transparent';
  const pkg = loadWidgetPackage(ctx.resolveMaterialUrl(widget.props.materialId));
  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow) return;
    const data = event.data as { apm?: string } | null;
    if (data?.apm !== WIDGET_FRAME_MESSAGES.ready) return;
    pkg
      .then(({ files, entry, defaults }) => {
        const target = frame.contentWindow;
        if (!target) return;
        const settings = { ...defaults, ...widget.props.settings };
        // '*': the sandboxed frame's origin is opaque; nothing secret is sent (the package and its settings).
        target.postMessage({ apm: WIDGET_FRAME_MESSAGES.package, entry, files, settings }, '*');
        target.postMessage({ apm: WIDGET_FRAME_MESSAGES.settings, settings }, '*');
      })
      .catch((err: unknown) => {
        el.dataset.widgetError = err instanceof Error ? err.message : String(err);
      });
  };
  doc.defaultView?.addEventListener('message', onMessage);
  frame.src = WIDGET_FRAME_PATH;
  el.appendChild(frame);
  return {
    destroy() {
      doc.defaultView?.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
};
