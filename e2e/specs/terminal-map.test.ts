import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmDialog, expectMessage } from '../support/antd.js';
import { TILE } from '../support/map-tiles.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const DUOMO = { display_name: 'Piazza del Duomo, Milano, Italia', lat: '45.4641', lon: '9.1919' };

/** Stand-ins for the tile server (`/tiles/{z}/{x}/{y}.png`) and a Nominatim search (`/search`). */
function mapStandIn() {
  const state = { tiles: 0, searches: [] as string[], geocoderDown: false };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      state.tiles++;
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(TILE);
      return;
    }
    if (url.pathname === '/search') {
      state.searches.push(url.searchParams.get('q') ?? '');
      if (state.geocoderDown) return void res.writeHead(502).end('down');
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(q.includes('duomo') ? [DUOMO] : []));
      return;
    }
    res.writeHead(404).end();
  });
  return {
    state,
    server,
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
  };
}

interface MapPoints {
  points: [number, number, number, string, string][];
  unpositioned: [number, string, string][];
}

describe('terminal map page', () => {
  const standIn = mapStandIn();
  const stamp = Date.now().toString(36);
  const NAME = `Map kiosk ${stamp}`;
  let terminalId = 0;
  // The map's settings change what every user sees: a server of the suite's own.
  const suite = adminSuite({
    ownServer: true,
    seed: async (s) => {
      const base = await standIn.listen();
      await s.api('/a/api/sysSetting/save', { key: 'mapTileUrl', value: `${base}/tiles/{z}/{x}/{y}.png` });
      await s.api('/a/api/sysSetting/save', { key: 'mapAttribution', value: 'Stand-in tiles' });
      await s.api('/a/api/sysSetting/save', { key: 'mapGeocoderUrl', value: `${base}/search` });
      const me = await s.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
      const res = await fetch(`${s.server.url}/apm-web/terminal/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: `map-${stamp}`, platform: 'simulator', appVersion: '1.0.0' }),
      });
      const device = ((await res.json()) as { data: { pairingCode: string; terminalId: number } }).data;
      terminalId = device.terminalId;
      await s.api('/a/api/terminal/updateTerminalOffice', {
        pairingCode: device.pairingCode,
        officeId: me.office.id,
        name: NAME,
      });
    },
  });
  afterAll(() => {
    standIn.server.closeAllConnections();
    standIn.server.close();
  });

  it('places a terminal by hand where the map was clicked, and it shows there', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      viewport: WIDE_VIEWPORT,
      path: '/sysManage/terminalMap',
      waitFor: '[data-testid=terminal-map] .leaflet-tile-loaded',
    });
    expect(standIn.state.tiles).toBeGreaterThan(0);
    await page.getByText('Stand-in tiles').waitFor();
    // "Auto get position" asks the listed terminals where they are (this one is offline: it asks on its return).
    await page.getByRole('button', { name: 'Ask them for their position' }).click();
    await expectMessage(page, 'Terminals asked for their position:');
    await page.getByRole('button', { name: `Place on map: ${NAME}` }).click();
    await page.getByText(`Click the map where ${NAME} stands.`).waitFor();

    const map = page.locator('[data-testid=terminal-map]');
    const box = (await map.boundingBox())!;
    const click = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.4 };
    await page.mouse.click(click.x, click.y);
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title').getByText(`Place ${NAME} here?`).waitFor();
    const content = (await dialog.locator('.ant-modal-confirm-content').textContent()) ?? '';
    const asked = /Latitude (-?\d+(?:\.\d+)?), longitude (-?\d+(?:\.\d+)?)/.exec(content);
    expect(asked, content).not.toBeNull();
    await confirmDialog(page, '.ant-modal-confirm .ant-btn-primary');
    await expectMessage(page, `${NAME} placed on the map`);

    const data = await suite.api<MapPoints>('/a/api/terminal/mapPoints');
    const point = data.points.find((p) => p[0] === terminalId);
    expect(point?.[1]).toBeCloseTo(Number(asked![1]), 5);
    expect(point?.[2]).toBeCloseTo(Number(asked![2]), 5);
    expect(data.unpositioned.map((u) => u[0])).not.toContain(terminalId);

    // The marker stands where the map was clicked.
    const marker = page.locator(`[data-terminal-id="${terminalId}"]`);
    await marker.waitFor();
    const at = (await marker.boundingBox())!;
    expect(Math.abs(at.x + at.width / 2 - click.x)).toBeLessThan(4);
    expect(Math.abs(at.y + at.height / 2 - click.y)).toBeLessThan(4);
    await marker.click();
    const popup = page.locator('[data-testid=terminal-map-popup]');
    await popup.getByText(NAME).waitFor();
    await popup.getByText('State: Offline').waitFor();

    // Dragged a little to the right and confirmed, it moves there.
    await page.keyboard.press('Escape');
    const to = { x: click.x + 80, y: click.y + 30 };
    await page.mouse.move(click.x, click.y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await page.mouse.move(click.x + (80 * step) / 8, click.y + (30 * step) / 8);
    }
    await page.mouse.up();
    await dialog.locator('.ant-modal-confirm-title').getByText(`Move ${NAME} here?`).waitFor();
    const movedText = (await dialog.locator('.ant-modal-confirm-content').textContent()) ?? '';
    const moved = /Latitude (-?\d+(?:\.\d+)?), longitude (-?\d+(?:\.\d+)?)/.exec(movedText);
    expect(moved, movedText).not.toBeNull();
    expect(Number(moved![2])).toBeGreaterThan(Number(asked![2]));
    expect(Number(moved![1])).toBeLessThan(Number(asked![1]));
    await confirmDialog(page, '.ant-modal-confirm .ant-btn-primary');
    await expectMessage(page, `${NAME} placed on the map`);
    const after = (await suite.api<MapPoints>('/a/api/terminal/mapPoints')).points.find(
      (p) => p[0] === terminalId,
    );
    expect(after?.[1]).toBeCloseTo(Number(moved![1]), 5);
    expect(after?.[2]).toBeCloseTo(Number(moved![2]), 5);
    await page.waitForFunction(
      ({ id, x, y }) => {
        const r = document.querySelector(`[data-terminal-id="${id}"]`)?.getBoundingClientRect();
        return !!r && Math.abs(r.x + r.width / 2 - x) < 4 && Math.abs(r.y + r.height / 2 - y) < 4;
      },
      { id: terminalId, ...to },
    );
    asked![1] = String(after![1]);
    asked![2] = String(after![2]);

    // After a reload the map frames the terminal where it was placed.
    await page.reload();
    await page.locator(`[data-terminal-id="${terminalId}"]`).waitFor();
    const center = (await map.getAttribute('data-center'))!.split(',').map(Number);
    expect(center[0]).toBeCloseTo(Number(asked![1]), 3);
    expect(center[1]).toBeCloseTo(Number(asked![2]), 3);

    // The marker's popup leads to the terminal's info page.
    await page.locator(`[data-terminal-id="${terminalId}"]`).click();
    await page.getByTestId('terminal-map-info').click();
    await page.waitForURL(`**/terminal/info?id=${terminalId}`);
    await page.getByText(NAME).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the map settings on the system settings page', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/sys/sysSetting/list',
      waitFor: '#system-settings_mapTileUrl',
    });
    await page.locator('.ant-card-head-title', { hasText: 'Terminal map' }).waitFor();
    expect(await page.inputValue('#system-settings_mapTileUrl')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/tiles\/\{z\}\/\{x\}\/\{y\}\.png$/,
    );
    expect(await page.inputValue('#system-settings_mapAttribution')).toBe('Stand-in tiles');
    // A template without {z}/{x}/{y} is refused in the form, naming the field, and nothing is saved.
    await page.fill('#system-settings_mapTileUrl', 'http://127.0.0.1/tiles.png');
    await page.click('[data-testid=settings-save]');
    await page.waitForSelector('#system-settings_mapTileUrl_help');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('flies to an address found by the search, and says so when the search service is unavailable', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      viewport: WIDE_VIEWPORT,
      path: '/sysManage/terminalMap',
      waitFor: '[data-testid=terminal-map]',
    });
    const search = page.getByPlaceholder('Search an address');
    await search.fill('Piazza del Duomo');
    await search.press('Enter');
    await page.locator('.ant-select-item-option').getByText(DUOMO.display_name).click();
    await page.waitForFunction(
      () => {
        const map = document.querySelector('[data-testid=terminal-map]');
        const [lat, lng] = (map?.getAttribute('data-center') ?? '0,0').split(',').map(Number);
        return (
          Math.abs(lat! - 45.4641) < 1e-3 &&
          Math.abs(lng! - 9.1919) < 1e-3 &&
          map?.getAttribute('data-zoom') === '16'
        );
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(standIn.state.searches).toContain('Piazza del Duomo');

    standIn.state.geocoderDown = true;
    await search.fill('Piazza della Scala');
    await search.press('Enter');
    await page
      .locator('[data-testid=terminal-map-search-problem]')
      .getByText('The map search service is unavailable; try again later.')
      .waitFor();
    standIn.state.geocoderDown = false;
    // The refused search is the only error the page logs.
    expect(errors.filter((e) => !/mapSuggestion|503/.test(e))).toEqual([]);
    await context.close();
  });
});
