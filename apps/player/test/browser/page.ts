import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from '../../../../e2e/support/chromium.js';

/** A 1×1 PNG: the notices' image material, served as `/apm-web/terminal/files/<id>`. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * One Chromium and one page server per test file, a fresh page per test: the player's modules
 * bundled into `harness.ts` (real DOM, real IndexedDB, the real renderer), as the renderer's own
 * browser tests do.
 */
export function usePlayerPage() {
  const s = {} as { browser: Browser; page: Page; server: Server; url: string };
  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [join(import.meta.dirname, 'harness.ts')],
      bundle: true,
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      define: { 'import.meta.env.PROD': 'false', 'import.meta.env.BASE_URL': '"/"' },
    });
    const js = bundle.outputFiles[0]!.contents;
    s.server = createServer((req, res) => {
      if (req.url === '/harness.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end(js);
      }
      if (/^\/apm-web\/terminal\/files\/\d+$/.test(req.url ?? '')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(PNG_1X1);
      }
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(
          '<!doctype html><html><head><style>html,body{margin:0}' +
            '#stage,#messages{position:fixed;left:0;top:0;width:960px;height:540px}#messages{z-index:5}</style></head>' +
            '<body><div id="stage"></div><div id="messages"></div><script type="module" src="/harness.js"></script></body></html>',
        );
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}/`;
    s.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await s.browser?.close();
    s.server?.closeAllConnections();
    await new Promise<void>((resolve) => (s.server ? s.server.close(() => resolve()) : resolve()));
  });
  beforeEach(async () => {
    const context = await s.browser.newContext({ viewport: { width: 960, height: 540 } });
    s.page = await context.newPage();
    return () => context.close();
  });
  return {
    get page() {
      return s.page;
    },
    /** Opens the harness page (again: a reload keeps the context's IndexedDB). */
    async open() {
      await s.page.goto(s.url);
      await s.page.waitForFunction(() => 'player' in window);
    },
  };
}
