import { createServer, type Server } from 'node:http';
import type { DataFeed, DataSource } from '@apm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, feedUrlProblem, isPublicAddress } from '../../../src/modules/widgets/feed-fetch.js';
import { createTestApp, initSystem, login, type TestApp } from '../../helpers/app.js';
import { caller, claimDevice, consoleFixture, registerDevice } from '../terminals/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { dataProps, docWith } from './fixture.js';

const fieldsOf = (body: { jsonObject: unknown }) =>
  Object.keys((body.jsonObject as { fields?: Record<string, string> } | null)?.fields ?? {});

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
  <item><title>First &amp; foremost</title><description>&lt;b&gt;Bold&lt;/b&gt; news</description><link>https://n.test/1</link></item>
  <item><title>Second</title></item></channel></rss>`;
const ATOM = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
  <entry><title>Only entry</title><link href="https://b.test/e"/><updated>2026-01-02T00:00:00Z</updated><summary>Sum</summary></entry></feed>`;

/** A feed server on loopback: JSON, RSS, Atom, a failure, a huge answer, one that never answers, a redirect. */
function feedServer(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    switch (req.url) {
      case '/prices.json':
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({
            data: { rows: [{ name: 'Gold', price: 1900 }, { name: 'Oil', price: 80 }, { price: 1 }] },
          }),
        );
      case '/news.rss':
        return res.end(RSS);
      case '/blog.atom':
        return res.end(ATOM);
      case '/broken':
        res.statusCode = 500;
        return res.end('oops');
      case '/huge':
        return res.end('x'.repeat(3 * 1024 * 1024));
      case '/slow':
        return; // never answers
      case '/hop':
        res.statusCode = 302;
        res.setHeader('location', '/news.rss');
        return res.end();
      default:
        res.statusCode = 404;
        return res.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        hits: () => hits,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

describe('feed fetching: public addresses only unless allowed, bounded in time and size', () => {
  let feeds: Awaited<ReturnType<typeof feedServer>>;
  beforeAll(async () => (feeds = await feedServer()));
  afterAll(() => feeds.close());

  it('classes addresses: loopback, private, link-local, mapped and unique-local ones are not public', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '2001:4860:4860::8888']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses URLs naming non-public addresses, other schemes and credentials before asking anything', () => {
    expect(feedUrlProblem('http://127.0.0.1/x', false)).toMatch(/non-public address/);
    expect(feedUrlProblem('http://[::1]/x', false)).toMatch(/non-public address/);
    expect(feedUrlProblem('http://localhost:8080/x', false)).toMatch(/non-public address/);
    expect(feedUrlProblem('http://169.254.169.254/latest/meta-data', false)).toMatch(/non-public/);
    expect(feedUrlProblem('file:///etc/passwd', false)).toMatch(/http:\/\/ or https:\/\//);
    expect(feedUrlProblem('http://user:pw@example.com/', false)).toMatch(/user name or password/);
    expect(feedUrlProblem('http://127.0.0.1/x', true)).toBeNull();
  });

  it('refuses a name that resolves to a private address when it connects (no DNS rebinding)', async () => {
    const port = new URL(feeds.url).port;
    const before = feeds.hits();
    // `vm` resolves to 127.0.0.1 on this machine (/etc/hosts): the name passes the URL check, the address does not.
    await expect(
      fetchFeed(`http://vm:${port}/news.rss`, { allowPrivate: false, timeoutMs: 2000, maxBytes: 1e6 }),
    ).rejects.toThrow(/resolves to 127\.0\.0\.1, a non-public address/);
    expect(feeds.hits()).toBe(before);
  });

  it('stops at the size bound and the time-out, follows redirects', async () => {
    await expect(
      fetchFeed(`${feeds.url}/huge`, { allowPrivate: true, timeoutMs: 5000, maxBytes: 2 * 1024 * 1024 }),
    ).rejects.toThrow(/3145728 bytes; at most 2097152/);
    const started = Date.now();
    await expect(
      fetchFeed(`${feeds.url}/slow`, { allowPrivate: true, timeoutMs: 300, maxBytes: 1e6 }),
    ).rejects.toThrow(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(
      (await fetchFeed(`${feeds.url}/hop`, { allowPrivate: true, timeoutMs: 2000, maxBytes: 1e6 })).text,
    ).toContain('<rss');
  });
});

describe('data sources: saved, fetched by the server, shown to the editor and the tenant’s terminals only', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let feeds: Awaited<ReturnType<typeof feedServer>>;
  let viewer: string;

  beforeAll(async () => {
    feeds = await feedServer();
    t = await createTestApp({ APM_FEEDS_ALLOW_PRIVATE: '1' });
    await initSystem(t.app);
    f = await consoleFixture(t);
    api = caller(t.app);
    const role = await addRole(t.db, 'widgetViewA1', f.offices.a1.id, ['widget:list:view']);
    await addUser(t.db, 'a1widgets', f.offices.a1.id, [role]);
    viewer = await login(t.app, 'a1widgets', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await feeds.close();
  });

  const saveSource = (body: object, cookie = f.a1) =>
    api.post('widget/saveDataSource', cookie, { intervalSeconds: 300, ...body });
  const source = async (body: object, cookie = f.a1) => {
    const res = await saveSource(body, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as DataSource;
  };

  it('fetches a JSON feed at its item path on save, and reports a failing one with its error', async () => {
    const prices = await source({
      name: 'Prices',
      url: `${feeds.url}/prices.json`,
      format: 'json',
      itemPath: 'data.rows',
      titleField: 'name',
      textField: 'price',
    });
    expect(prices).toMatchObject({ lastStatus: 'ok', lastError: null, itemCount: 2 });
    const feed = (await api.get(`widget/dataSourceItems?id=${prices.id}`, f.a1)).body.data as DataFeed;
    expect(feed.items).toEqual([
      { title: 'Gold', text: '1900' },
      { title: 'Oil', text: '80' },
    ]);
    const wrongPath = await source({
      name: 'Wrong path',
      url: `${feeds.url}/prices.json`,
      format: 'json',
      itemPath: 'data.nothing',
    });
    expect(wrongPath).toMatchObject({ lastStatus: 'error', itemCount: 0 });
    expect(wrongPath.lastError).toMatch(/data\.nothing is not a list/);
    const broken = await source({ name: 'Broken', url: `${feeds.url}/broken`, format: 'rss' });
    expect(broken.lastError).toBe('the feed answered HTTP 500');
  });

  it('reads RSS and Atom feeds as text (markup stripped, entities decoded)', async () => {
    const rss = await source({ name: 'News', url: `${feeds.url}/news.rss`, format: 'rss' });
    const items = ((await api.get(`widget/dataSourceItems?id=${rss.id}`, f.a1)).body.data as DataFeed).items;
    expect(items).toEqual([
      { title: 'First & foremost', text: 'Bold news', link: 'https://n.test/1' },
      { title: 'Second' },
    ]);
    const atom = await source({ name: 'Blog', url: `${feeds.url}/blog.atom`, format: 'rss' });
    const entries = ((await api.get(`widget/dataSourceItems?id=${atom.id}`, f.a1)).body.data as DataFeed)
      .items;
    expect(entries).toEqual([
      { title: 'Only entry', text: 'Sum', link: 'https://b.test/e', date: '2026-01-02T00:00:00Z' },
    ]);
    const asJson = await source({ name: 'RSS read as JSON', url: `${feeds.url}/news.rss`, format: 'json' });
    expect(asJson.lastError).toMatch(/not JSON/);
  });

  it('refuses bad input naming the field, duplicates, other tenants and callers without the permission', async () => {
    const noName = await saveSource({ name: '  ', url: `${feeds.url}/news.rss`, format: 'rss' });
    expect([noName.status, fieldsOf(noName.body)]).toEqual([400, ['name']]);
    const badUrl = await saveSource({ name: 'x', url: 'ftp://example.com/feed', format: 'rss' });
    expect([badUrl.status, fieldsOf(badUrl.body)]).toEqual([400, ['url']]);
    const fast = await saveSource({
      name: 'x',
      url: `${feeds.url}/news.rss`,
      format: 'rss',
      intervalSeconds: 5,
    });
    expect([fast.status, fieldsOf(fast.body)]).toEqual([400, ['intervalSeconds']]);
    const dup = await saveSource({ name: 'News', url: `${feeds.url}/news.rss`, format: 'rss' });
    expect([dup.status, fieldsOf(dup.body)]).toEqual([409, ['name']]);
    expect(
      (await saveSource({ name: 'Viewer', url: `${feeds.url}/news.rss`, format: 'rss' }, viewer)).status,
    ).toBe(403);
    const list = (await api.get('widget/dataSources?keyword=news', viewer)).body.data as {
      list: DataSource[];
    };
    expect(list.list.map((s) => s.name)).toEqual(['News', 'RSS read as JSON']);
    expect(((await api.get('widget/dataSources', f.b)).body.data as { count: number }).count).toBe(0);
    const id = list.list[0]!.id;
    expect((await api.get(`widget/dataSourceItems?id=${id}`, f.b)).status).toBe(404);
    expect((await api.post('widget/refreshDataSource', f.b, { id })).status).toBe(404);
    expect(
      (await saveSource({ id, name: 'Stolen', url: `${feeds.url}/news.rss`, format: 'rss' }, f.b)).status,
    ).toBe(404);
  });

  it('lets a data widget show only the tenant’s sources, and keeps a shown source from being deleted', async () => {
    const list = (await api.get('widget/dataSources?keyword=news&sort=name', f.a1)).body.data as {
      list: DataSource[];
    };
    const news = list.list[0]!;
    const ok = await api.post('program/save', f.a1, {
      document: docWith('Headlines', 'data', dataProps(news.id)),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const foreign = await api.post('program/save', f.b, {
      document: docWith('B headlines', 'data', dataProps(news.id)),
    });
    expect([foreign.status, fieldsOf(foreign.body)]).toEqual([
      400,
      ['document/scenes/0/widgets/1/props/sourceId'],
    ]);
    const inUse = await api.post('widget/deleteDataSource', f.a1, { ids: [news.id] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toMatch(/Headlines/);
    const palette = (await api.get('widget/palette', f.a1)).body.data as { dataSources: { name: string }[] };
    expect(palette.dataSources.map((s) => s.name)).toContain('News');
  });

  it('answers a claimed terminal of the tenant through the terminal API, nobody else', async () => {
    const news = (
      (await api.get('widget/dataSources?keyword=news&sort=name', f.a1)).body.data as { list: DataSource[] }
    ).list[0]!;
    const a1Device = await claimDevice(t.app, f.a1, f.offices.a1Shop.id, 'Shop screen');
    const bDevice = await claimDevice(t.app, f.b, f.offices.b.id, 'B screen');
    const pending = await registerDevice(t.app);
    const ask = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/apm-web/terminal/widgetData?id=${news.id}`,
        headers: { authorization: `Device ${token}` },
      });
    const mine = await ask(a1Device.token);
    expect(mine.statusCode).toBe(200);
    expect((mine.json().data as DataFeed).items.map((i) => i.title)).toEqual(['First & foremost', 'Second']);
    expect((await ask(bDevice.token)).statusCode).toBe(404);
    expect((await ask(pending.token)).statusCode).toBe(403);
    expect((await ask('nonsense-token-000000000000')).statusCode).toBe(401);
  });

  it('fetches due sources in the background, one claim per source', async () => {
    const src = await source({
      name: 'Due',
      url: `${feeds.url}/news.rss`,
      format: 'rss',
      intervalSeconds: 60,
    });
    const service = new (
      await import('../../../src/modules/widgets/data-source-service.js')
    ).DataSourceService(t.db, true);
    const { dataSources } = await import('../../../src/db/schema/index.js');
    const { eq, sql } = await import('drizzle-orm');
    await t.db
      .update(dataSources)
      .set({ nextFetchAt: sql`now() - interval '1 second'`, lastStatus: null })
      .where(eq(dataSources.id, src.id));
    const [a, b] = await Promise.all([service.fetchDue(50), service.fetchDue(50)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(dataSources).where(eq(dataSources.id, src.id));
    expect(row!.lastStatus).toBe('ok');
    expect(row!.nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe('data sources without the private-address setting', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t.app);
    f = await consoleFixture(t);
  });
  afterAll(() => t.close());

  it('refuses loopback, private and metadata addresses naming url, and saves nothing', async () => {
    const api = caller(t.app);
    for (const url of [
      'http://127.0.0.1:9/feed',
      'http://10.1.2.3/feed',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://localhost/x',
    ]) {
      const res = await api.post('widget/saveDataSource', f.a1, {
        name: 'Inside',
        url,
        format: 'rss',
        intervalSeconds: 300,
      });
      expect([res.status, fieldsOf(res.body)], url).toEqual([400, ['url']]);
    }
    expect(((await api.get('widget/dataSources', f.a1)).body.data as { count: number }).count).toBe(0);
  });
});
