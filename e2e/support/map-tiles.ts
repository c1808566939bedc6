import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { apiCall, apiSignIn } from './api.js';
import { ADMIN, type AdminSuite } from './suite.js';

/** A 1×1 grey PNG: every tile the stand-ins serve. */
export const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mO8dwsAAlMBfJUVZ9QAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Points the terminal map of the suite's server at a local stand-in tile server for the suite's
 * tests, and back afterwards: specs that pass by the map page (menu walks, tabs) load no tiles from
 * the internet, and a machine without one logs no failed tile in the browser console.
 */
export function useLocalMapTiles(suite: Pick<AdminSuite, 'server'>): void {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(TILE);
  });
  let cookie = '';
  let before: unknown;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
    cookie = await apiSignIn(suite.server.url, ADMIN.user, ADMIN.password);
    before = await apiCall(suite.server.url, cookie, '/a/api/sysSetting/getKey?key=mapTileUrl');
    await apiCall(suite.server.url, cookie, '/a/api/sysSetting/save', { key: 'mapTileUrl', value: url });
  });
  afterAll(async () => {
    if (before !== undefined) {
      await apiCall(suite.server.url, cookie, '/a/api/sysSetting/save', { key: 'mapTileUrl', value: before });
    }
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
}
