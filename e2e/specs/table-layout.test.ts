import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encryptForServer } from '../support/api.js';
import { describeViolations, scanPage } from '../support/axe.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

/** The tables of issue 15, each on a page of its own. */
const PAGES = ['/sys/user', '/sys/role', '/terminalMonitor/monitor', '/sysManage/menuManage', '/sys/log'];

/** English, and French, whose words are long. */
const LANGUAGES = ['US', 'FR'];

/**
 * What a cell shows cut (wider than its box, clipped) with no tooltip: at most a few, for the message.
 * The first cut text of each column is hovered: a column's cells share its renderer, and hovering every
 * row's took 22 s on the log page alone.
 */
async function cutWithoutTooltip(page: Page): Promise<string[]> {
  const cut = await page.evaluate(() => {
    const marked: string[] = [];
    const columns = new Set<number>();
    const cells = document.querySelectorAll<HTMLTableCellElement>(
      '.ant-table-tbody > tr:not([aria-hidden]) > td',
    );
    cells.forEach((cell) => {
      if (columns.has(cell.cellIndex)) return;
      for (const el of [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))]) {
        const clipped =
          getComputedStyle(el).overflowX !== 'visible' || getComputedStyle(el).textOverflow === 'ellipsis';
        if (!clipped || el.scrollWidth <= el.clientWidth + 1 || !el.textContent?.trim()) continue;
        // A native tooltip on the element or an ancestor in the cell says it all.
        if (el.closest('[title]') && cell.contains(el.closest('[title]'))) continue;
        el.dataset.cutCheck = String(marked.length);
        marked.push(el.textContent.trim());
        columns.add(cell.cellIndex);
        break;
      }
    });
    return marked;
  });
  const missing: string[] = [];
  for (const [i, text] of cut.entries()) {
    // Else hovering must show the whole text in a tooltip (antd's ellipsis tooltip).
    const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: text.slice(0, 30) });
    // Hovered twice at most: a table that loads its next page while scrolled to the cell may move it
    // from under the pointer the first time, as it would under a user's.
    let shown = false;
    for (let attempt = 0; attempt < 2 && !shown; attempt++) {
      await page.hover(`[data-cut-check="${i}"]`);
      shown = await tip
        .first()
        .waitFor({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      await page.mouse.move(0, 0);
    }
    if (!shown) missing.push(text);
  }
  return missing;
}

describe('tables at 1440×900 with the side menu open', () => {
  const stamp = Date.now();
  const suite = adminSuite({
    seed: async (s) => {
      // Rows with long content: many roles with long names, long names, e-mail and terminal texts.
      const me = await s.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
      const roles = await s.api<{ id: number }[]>('/a/api/user/allRoleList');
      const long: number[] = [];
      for (let i = 0; i < 3; i++) {
        const name = `Regional content supervisor, north ${i} ${stamp}`;
        long.push((await s.api<{ id: number }>('/a/api/role/save', { name, grants: 'home:view' })).id);
      }
      await s.api('/a/api/user/save', {
        loginName: `maximiliana${stamp}`,
        name: 'Maximiliana Bartholomew-Fitzgerald von Hohenzollern',
        officeId: me.office.id,
        roleIds: [...roles.map((r) => r.id), ...long],
        email: `maximiliana.bartholomew-fitzgerald.${stamp}@example-long-domain.com`,
        phone: '13800138000',
        password: await encryptForServer(s.server.url, 'Wide#2026pass'),
      });
      const res = await fetch(`${s.server.url}/apm-web/terminal/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          deviceId: `wide-${stamp}-abcdefghijklmnopqrstuvwxyz0123456789`,
          platform: 'simulator',
          appVersion: '1.0.0-beta.123456789',
          resolution: '3840x2160',
        }),
      });
      const device = ((await res.json()) as { data: { pairingCode: string } }).data;
      await s.api('/a/api/terminal/updateTerminalOffice', {
        pairingCode: device.pairingCode,
        officeId: me.office.id,
        name: `Reception hall screen by the north entrance, second floor ${stamp}`,
      });
      const labels = Object.fromEntries(
        ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'].map((l) => [l, `Layout ${l}`]),
      );
      await s.api('/a/api/dict/save', { type: `layout_${stamp}`, value: 'wide', labels });
    },
  });

  for (const [path, language] of PAGES.flatMap((p) => LANGUAGES.map((l) => [p, l] as const))) {
    it(`${path} (${language}): no sideways scrolling, nothing cut without a tooltip, no axe violation`, async () => {
      const { context, page, errors } = await openSignedInPage(suite, {
        language,
        viewport: WIDE_VIEWPORT,
        path,
        waitFor: '.ant-table-row',
      });
      await page.waitForSelector('[data-testid=side-menu]');
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
      const widths = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')).map(
          (el) => ({
            scroll: el.scrollWidth,
            client: el.clientWidth,
          }),
        ),
      );
      expect(widths.length).toBeGreaterThan(0);
      // What sticks out of its cell, to say why a table is too wide.
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead th, .ant-table-tbody td'))
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => `${cell.textContent?.slice(0, 30)} (${cell.scrollWidth} > ${cell.clientWidth})`),
      );
      for (const w of widths)
        expect(w.scroll, `${JSON.stringify(widths)} ${wide.join('; ')}`).toBeLessThanOrEqual(w.client);
      expect(await cutWithoutTooltip(page)).toEqual([]);
      const violations = await scanPage(page, path);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a table that measures its columns hides its select-all checkbox there from the keyboard too (axe aria-hidden-focus)', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      viewport: WIDE_VIEWPORT,
      path: '/sys/dict',
      waitFor: '.ant-table-row',
    });
    // The measure row repeats the titles, the selection column's checkbox among them.
    await page.waitForSelector('.ant-table-measure-row input[type=checkbox]', { state: 'attached' });
    const violations = (await scanPage(page, '/sys/dict')).filter((v) => v.rule === 'aria-hidden-focus');
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
