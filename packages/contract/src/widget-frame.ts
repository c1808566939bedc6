/**
 * The frame custom HTML widgets run in. The renderer frames this page (`sandbox="allow-scripts"`,
 * never `allow-same-origin`) and posts it the package's files, which the renderer read from the
 * package's zip — a material, so the player has it offline like any other. The page turns the files
 * into blob: URLs of its own (opaque) origin, points the start page's references at them and writes
 * it. Its strict policy lets the widget run its own scripts and show its own files, and nothing
 * else: no network at all, no forms, no framing by other sites.
 */
// `API_BASE` spelled out: it lives in index.ts, which re-exports this module.
export const WIDGET_FRAME_PATH = '/apm-web/f/widget/frame';

/** Messages between the renderer and the frame. */
export const WIDGET_FRAME_MESSAGES = {
  /** frame → renderer: ready for the package. */
  ready: 'apm-widget-frame-ready',
  /** renderer → frame: `{ apm, entry, files: [{ path, type, bytes }], settings }`. */
  package: 'apm-widget-package',
  /** renderer → widget (after the package is written): `{ apm, settings }`, for widgets that listen. */
  settings: 'apm-widget-settings',
} as const;

/** The frame's Content-Security-Policy (also sandboxing the page when opened on its own). */
export const WIDGET_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' blob:",
  "style-src 'unsafe-inline' blob:",
  'img-src blob: data:',
  'media-src blob: data:',
  'font-src blob: data:',
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

/** The loader (runs in the frame; plain ES2017, no imports). */
const LOADER = `(function () {
  var M = ${JSON.stringify(WIDGET_FRAME_MESSAGES)};
  var done = false;
  function clean(path) {
    var out = [];
    var parts = path.split('/');
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i];
      if (p === '' || p === '.') continue;
      if (p === '..') { if (!out.length) return null; out.pop(); } else out.push(p);
    }
    return out.join('/');
  }
  function resolve(base, ref) {
    if (!ref) return null;
    ref = ref.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.indexOf('//') === 0 || ref.charAt(0) === '#') return null;
    ref = ref.split('#')[0].split('?')[0];
    try { ref = decodeURIComponent(ref); } catch (e) { return null; }
    if (ref.charAt(0) === '/') return clean(ref);
    return clean(base.slice(0, base.lastIndexOf('/') + 1) + ref);
  }
  addEventListener('message', function (event) {
    var m = event.data;
    if (done || event.source !== parent || !m || m.apm !== M.package) return;
    done = true;
    var urls = {};
    var decoder = new TextDecoder();
    var make = function (body, type) { return URL.createObjectURL(new Blob([body], { type: type })); };
    var css = function (text, base) {
      return text.replace(/url\\(\\s*(['"]?)([^'")]+)\\1\\s*\\)/g, function (all, q, ref) {
        var p = resolve(base, ref);
        return p !== null && urls[p] ? 'url("' + urls[p] + '")' : all;
      });
    };
    m.files.forEach(function (f) { if (!/\\.(html?|css)$/i.test(f.path)) urls[f.path] = make(f.bytes, f.type); });
    m.files.forEach(function (f) { if (/\\.css$/i.test(f.path)) urls[f.path] = make(css(decoder.decode(f.bytes), f.path), 'text/css'); });
    var entry = m.files.filter(function (f) { return f.path === m.entry; })[0];
    if (!entry) return;
    var doc = new DOMParser().parseFromString(decoder.decode(entry.bytes), 'text/html');
    ['src', 'href', 'poster'].forEach(function (attr) {
      doc.querySelectorAll('[' + attr + ']').forEach(function (el) {
        var p = resolve(m.entry, el.getAttribute(attr));
        if (p !== null && urls[p]) el.setAttribute(attr, urls[p]);
      });
    });
    doc.querySelectorAll('style').forEach(function (el) { el.textContent = css(el.textContent || '', m.entry); });
    doc.querySelectorAll('[style]').forEach(function (el) { el.setAttribute('style', css(el.getAttribute('style') || '', m.entry)); });
    var settings = doc.createElement('script');
    settings.textContent = 'window.apmWidget = ' + JSON.stringify({ settings: m.settings }).replace(/</g, '\\\\u003c') + ';';
    doc.head.insertBefore(settings, doc.head.firstChild);
    var html = '<!doctype html>' + doc.documentElement.outerHTML;
    document.open();
    document.write(html);
    document.close();
  });
  parent.postMessage({ apm: M.ready }, '*');
})();`;

/** The frame page: nothing but the loader until the renderer posts the package. */
export const WIDGET_FRAME_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>widget</title><style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}</style></head><body><script>${LOADER}</script></body></html>`;
