import { createServer, type Server } from 'node:http';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { describeViolations, scanPage, type Violation } from '../support/axe.js';
import { uploadMaterial } from '../support/materials.js';
import { claimTerminal, openPlayer, pairingCode, waitForConnection } from '../support/player.js';
import { blankProgram } from '../support/programs.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);
const ZIP = `greeter-${stamp}.zip`;
const WIDGET = `Greeter ${stamp}`;
const PROGRAM = `Widget board ${stamp}`;

/** A custom widget package: a page whose script writes its `label` setting, and its widget.json. */
function greeterZip(): Buffer {
  const text = (s: string) => new TextEncoder().encode(s);
  const manifest = {
    name: WIDGET,
    size: { w: 600, h: 200 },
    settings: {
      type: 'object',
      properties: { label: { type: 'string', title: 'Label', default: 'Hello from the widget' } },
    },
  };
  return Buffer.from(
    zipSync({
      'index.html': text(
        '<!doctype html><body style="color:#fff"><p id="out"></p><script src="app.js"></script></body>',
      ),
      'app.js': text('document.getElementById("out").textContent = window.apmWidget.settings.label;'),
      'widget.json': text(JSON.stringify(manifest)),
    }),
  );
}

describe('widget management', () => {
  const violations: Violation[] = [];
  let programId = 0;
  const suite = adminSuite({
    seed: async (s) => {
      await uploadMaterial(s.server.url, s.cookie, ZIP, greeterZip(), null, 'application/zip');
      programId = (await s.api<{ id: number }>('/a/api/program/save', { document: blankProgram(PROGRAM) }))
        .id;
    },
  });

  it('switches a type off (the editor no longer offers it), adds a package that the editor offers and the preview shows', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/widget/list',
      waitFor: '[data-testid=widget-add-package]',
      viewport: WIDE_VIEWPORT,
    });
    try {
      // Built-in types are listed, each switched on.
      const toggle = page.getByTestId('widget-toggle-countdown');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      violations.push(...(await scanPage(page, '/widget/list')));
      await toggle.click();
      await expectMessage(page, 'Countdown is no longer offered');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

      // A custom widget from the library's zip.
      await page.getByTestId('widget-add-package').click();
      await page.getByTestId('widget-package-material').click();
      await page.keyboard.type(`greeter-${stamp}`);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ZIP }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectMessage(page, `Custom widget “${WIDGET}” saved`);
      const row = page.locator('.ant-table-row', { hasText: WIDGET });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Custom\s+600 × 200/);
      violations.push(...(await scanPage(page, '/widget/list with a custom widget')));

      // The editor offers the package, not the switched-off type.
      await page.goto(`${suite.server.url}/programEditor?id=${programId}`);
      const palette = page.getByTestId('editor-palette');
      await palette.getByTestId('editor-add-text').waitFor();
      expect(await palette.getByTestId('editor-add-countdown').count()).toBe(0);
      const add = page.getByTestId('editor-palette-packages').getByRole('button', { name: WIDGET });
      await add.click();
      // On the canvas, in its own sandboxed frame, with its settings form in the properties panel.
      const onCanvas = page.frameLocator('[data-testid=editor-stage] .apm-widget-html iframe');
      await onCanvas.getByText('Hello from the widget').waitFor();
      const label = page.getByTestId('html-setting-label');
      await label.fill('Welcome, visitors');
      await label.press('Tab');
      await page.getByTestId('editor-save').click();
      await expectMessage(page, 'The program was saved');

      await page.getByTestId('editor-preview').click();
      const preview = page.frameLocator('[data-testid=program-preview] .apm-widget-html iframe');
      await preview.getByText('Welcome, visitors').waitFor();
      await page.keyboard.press('Escape');

      const saved = await suite.api<{
        document: { scenes: { widgets: { type: string; props: { settings: object } }[] }[] };
      }>(`/a/api/program/detail?id=${programId}`);
      const html = saved.document.scenes[0]!.widgets.find((w) => w.type === 'html')!;
      expect(html.props.settings).toEqual({ label: 'Welcome, visitors' });
      expect(errors).toEqual([]);
    } finally {
      // The shared server's later specs expect every type switched on.
      await suite.api('/a/api/widget/toggle', { keys: ['countdown'], enabled: true });
      await context.close();
    }
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('plays the custom widget on a web player, and again after a reload without the network', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const player = await openPlayer(suite.browser, suite.server.url);
    try {
      const code = await pairingCode(player.page);
      await waitForConnection(player.page, 'open');
      const terminalId = await claimTerminal(
        suite.server.url,
        suite.cookie,
        code,
        office.id,
        `Widget screen ${stamp}`,
      );
      await suite.api('/a/api/publishProgram/saveTerminals', { programId, terminalIds: [terminalId] });
      const frame = () => player.page.frameLocator('.apm-widget-html iframe');
      await frame().getByText('Welcome, visitors').waitFor({ timeout: 30_000 });

      // Offline: the page from the service worker, the zip from the media cache, the frame from the HTTP cache.
      // The worker must control the page first: on a loaded machine it may still be caching the shell.
      await player.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
      await player.context.setOffline(true);
      await player.page.reload();
      await frame().getByText('Welcome, visitors').waitFor({ timeout: 30_000 });
    } finally {
      await player.context.close();
    }
  });
});

describe('data sources and data widgets', () => {
  let feed: Server;
  let feedUrl = '';
  beforeAll(async () => {
    feed = createServer((_req, res) => {
      res.setHeader('content-type', 'application/rss+xml');
      res.end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Lobby news</title>` +
          `<item><title>Doors open at nine ${stamp}</title></item><item><title>Coffee on the second floor</title></item>` +
          `</channel></rss>`,
      );
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as { port: number }).port}/news.rss`;
  });
  afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));
  // A server of its own: the feed is on this machine, which only this setting lets the server fetch.
  const suite = adminSuite({ env: { APM_FEEDS_ALLOW_PRIVATE: '1' } });

  it('adds a feed that the server fetches, and a data widget shows its items in the preview', async () => {
    const { id: programId } = await suite.api<{ id: number }>('/a/api/program/save', {
      document: blankProgram(`News board ${stamp}`),
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/widget/list',
      waitFor: '[data-testid=widget-add-package]',
      viewport: WIDE_VIEWPORT,
    });
    try {
      await page.getByRole('tab', { name: 'Data sources' }).click();
      await page.getByTestId('data-source-create').click();
      await page.locator('#dataSource_name').fill(`Lobby news ${stamp}`);
      // A refused address is named under its field.
      await page.locator('#dataSource_url').fill('ftp://example.com/feed');
      await page.click('#data-source-save');
      await page
        .locator('.ant-form-item-explain-error', { hasText: 'http:// or https://' })
        .first()
        .waitFor();
      await page.locator('#dataSource_url').fill(feedUrl);
      await page.click('#data-source-save');
      await expectMessage(page, 'Data source saved');
      const row = page.locator('.ant-table-row', { hasText: `Lobby news ${stamp}` });
      await row.getByText('OK').waitFor();
      expect(await row.innerText()).toMatch(/\b2\b/);
      const violations = await scanPage(page, '/widget/list data sources');
      expect(violations, describeViolations(violations)).toEqual([]);

      await page.goto(`${suite.server.url}/programEditor?id=${programId}`);
      await page.getByTestId('editor-add-data').click();
      await page.getByTestId('editor-stage').locator('.apm-data-item').first().waitFor();
      await page.getByTestId('editor-preview').click();
      await page.getByTestId('program-preview').getByText(`Doors open at nine ${stamp}`).waitFor();
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
