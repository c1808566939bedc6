import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

interface ProgramRow {
  id: number;
  name: string;
  revision: number;
  thumbnailRevision: number | null;
}

describe('program thumbnails', () => {
  const suite = adminSuite();

  it('draws a new program’s first scene and shows it in its row; the API serves it as a JPEG', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/program/make',
    });
    await page.waitForSelector('.ant-card-head-title:has-text("Program production")');
    const name = `Thumb${Date.now().toString(36)}`;

    await page.click('[data-testid=program-create]');
    await page.fill('#programCreate_name', name);
    await page.click('#program-create-save');
    await expectMessage(page, 'The program was created');

    // The list refreshes once the thumbnail is stored: the row's image is then loaded.
    const image = page
      .locator('.ant-table-row', { hasText: name })
      .locator('[data-testid=program-thumbnail] img');
    await image.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(await image.getAttribute('alt')).toBe('');

    const [row] = (
      await suite.api<{ list: ProgramRow[] }>(`/a/api/program/list?keyword=${encodeURIComponent(name)}`)
    ).list;
    expect(row).toMatchObject({ revision: 1, thumbnailRevision: 1 });
    const res = await fetch(`${suite.server.url}/apm-web/a/api/program/thumbnail?id=${row!.id}`, {
      headers: { cookie: suite.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.length).toBeLessThanOrEqual(200 * 1024);

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('draws the scene’s widgets: a program from a template shows its red background and blue text box', async () => {
    const tag = `ThumbTpl${Date.now().toString(36)}`;
    const source = await suite.api<{ id: number }>('/a/api/program/save', {
      document: {
        formatVersion: 2,
        name: `${tag} source`,
        canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
        scenes: [
          {
            id: 's1',
            name: 'One',
            main: true,
            background: { color: '#ff0000', materialId: null, fit: 'cover' },
            durationMs: 10_000,
            untilTouched: false,
            transition: { name: 'none', durationMs: 0 },
            widgets: [
              {
                id: 'box',
                type: 'text',
                x: 960,
                y: 0,
                w: 960,
                h: 1080,
                rotation: 0,
                z: 1,
                props: {
                  html: '',
                  font: { family: 'sans-serif', size: 48, color: '#ffffff' },
                  background: '#0000ff',
                  align: 'center',
                  verticalAlign: 'middle',
                  marquee: null,
                },
              },
            ],
          },
        ],
      },
    });
    await suite.api('/a/api/program/template/save', { programId: source.id, name: `${tag} menu` });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/program/make',
    });
    await page.click('[data-testid=program-create]');
    await page.fill('#programCreate_name', `${tag} made`);
    await page.click('[data-testid=program-create-start] >> text=Template');
    await page.click('#programCreate_templateId');
    await page.keyboard.type(`${tag} menu`);
    await page.click(`.ant-select-item-option:has-text("${tag} menu")`);
    await page.click('#program-create-save');
    await expectMessage(page, 'The program was created');

    const image = page
      .locator('.ant-table-row', { hasText: `${tag} made` })
      .locator('[data-testid=program-thumbnail] img');
    await image.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBe(320);
    // Pixels a quarter in from the left (background) and from the right (the text box), mid-height.
    const [left, right] = await image.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const at = (x: number) => [...ctx.getImageData(x, canvas.height / 2, 1, 1).data.slice(0, 3)];
      return [at(canvas.width / 4), at((canvas.width * 3) / 4)];
    });
    expect(left![0]).toBeGreaterThan(200);
    expect(left![2]).toBeLessThan(60);
    expect(right![2]).toBeGreaterThan(200);
    expect(right![0]).toBeLessThan(60);

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('keeps the name column at 220 px at 1440 px with the side menu open: a long name is cut beside its thumbnail, with a tooltip', async () => {
    const name = `Thumb layout ${Date.now().toString(36)} — the spring menu of the reception hall by the north entrance, second floor`;
    await suite.api('/a/api/program/save', {
      document: {
        formatVersion: 2,
        name,
        canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
        scenes: [
          {
            id: 's1',
            name: 'One',
            main: true,
            background: { color: '#336699', materialId: null, fit: 'cover' },
            durationMs: 10_000,
            untilTouched: false,
            transition: { name: 'none', durationMs: 0 },
            widgets: [],
          },
        ],
      },
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'FR',
      viewport: WIDE_VIEWPORT,
      path: '/program/make',
      waitFor: '.ant-table-row',
    });
    await page.waitForSelector('[data-testid=side-menu]');
    const row = page.locator('.ant-table-row', { hasText: name.slice(0, 40) });
    // No thumbnail stored: the placeholder holds its place.
    await row.locator('[data-testid=program-thumbnail] .anticon').waitFor();
    // The name column keeps its 220 px (the table lays columns out by content: its content must stay inside).
    const layout = await row.evaluate((tr) => {
      const cell = tr.querySelectorAll<HTMLElement>('td')[1]!;
      const style = getComputedStyle(cell);
      const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        width: cell.offsetWidth,
        inner,
        content: cell.firstElementChild!.getBoundingClientRect().width,
      };
    });
    expect(layout.width, JSON.stringify(layout)).toBeLessThanOrEqual(221);
    expect(layout.content, JSON.stringify(layout)).toBeLessThanOrEqual(layout.inner);
    expect(await row.locator('[data-testid=program-open]').getAttribute('title')).toBe(name);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
