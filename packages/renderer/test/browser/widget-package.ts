import { zipSync } from 'fflate';

const text = (s: string) => new TextEncoder().encode(s);

/**
 * A custom widget package as terminals get it: in a folder, a page with a stylesheet, a script and
 * an image by relative path, and its widget.json (a label setting and a colour setting). The script
 * writes its settings and what it could reach into the page, for the test to read through the frame.
 */
export function widgetPackageZip(): Uint8Array {
  const manifest = {
    name: 'Greeter',
    size: { w: 400, h: 200 },
    settings: {
      type: 'object',
      properties: {
        label: { type: 'string', default: 'Hello' },
        color: { type: 'string', format: 'color', default: '#00ff00' },
      },
    },
  };
  const script = `
    const s = window.apmWidget.settings;
    const out = document.getElementById('out');
    out.textContent = s.label;
    out.style.color = s.color;
    const report = { label: s.label, color: s.color, origin: String(window.origin) };
    try { report.cookie = document.cookie; } catch (e) { report.cookie = 'blocked'; }
    try { report.parentDom = Boolean(parent.document); } catch (e) { report.parentDom = false; }
    fetch('/media/1').then(() => (report.network = 'reached'), () => (report.network = 'blocked'))
      .finally(() => { report.imageLoaded = document.getElementById('pic').naturalWidth > 0;
        report.styled = getComputedStyle(document.body).backgroundColor;
        parent.postMessage({ widgetReport: report }, '*'); });
    addEventListener('message', (e) => { if (e.data && e.data.apm === 'apm-widget-settings') report.settingsMessage = e.data.settings.label; });`;
  return zipSync({
    'greeter/index.html': text(
      '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head>' +
        '<body><p id="out"></p><img id="pic" src="img/dot.png"><script src="app.js"></script></body></html>',
    ),
    'greeter/style.css': text('body { background-color: rgb(1, 2, 3); }'),
    'greeter/app.js': text(script),
    // A 1×1 PNG.
    'greeter/img/dot.png': Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    ),
    'greeter/widget.json': text(JSON.stringify(manifest)),
  });
}
