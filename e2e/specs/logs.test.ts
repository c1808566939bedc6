import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminSuite, openSignedInPage } from '../support/suite.js';

/** Per language: cookie value, the sign-in type label, the first export headers, the drawer title word. */
const LANGUAGES = [
  { cookie: 'US', login: 'Sign-in', headers: ['ID', 'Time', 'User'], params: 'Parameters' },
  { cookie: 'CN', login: '登录', headers: ['编号', '时间', '用户'], params: '参数' },
] as const;

describe('system log page', () => {
  // No API sign-in of the suite's own: the page lists the administrator's sign-ins (the page's, and those of
  // the specs before on the shared server).
  const suite = adminSuite({ apiSignIn: false });

  for (const lang of LANGUAGES) {
    describe(`in ${lang.cookie}`, () => {
      let context: BrowserContext;
      let page: Page;
      let errors: string[];

      beforeAll(async () => {
        ({ context, page, errors } = await openSignedInPage(suite, {
          language: lang.cookie,
          contextOptions: { acceptDownloads: true },
          path: '/sys/log',
        }));
        await page.waitForSelector('[data-testid=log-table] .ant-table-row');
      });

      afterAll(() => context?.close());

      it('filters by type and user', async () => {
        await page.fill('#user', ADMIN.user);
        await page.click('#type');
        await page.click(`.ant-select-item-option[title="${lang.login}"]`);
        await page.click('[data-testid=log-search]');
        await page.waitForFunction((label) => {
          const rows = Array.from(document.querySelectorAll('[data-testid=log-table] .ant-table-row'));
          return rows.length > 0 && rows.every((r) => r.textContent?.includes(label));
        }, lang.login);
        const text = (await page.textContent('[data-testid=log-table] .ant-table-tbody')) ?? '';
        expect(text).toContain(ADMIN.user);
        expect(text).toContain('/apm-web/a/login');
      });

      it('opens the details of an entry with its parameters as JSON', async () => {
        await page.click('[data-testid=log-details-open] >> nth=0');
        await page.waitForSelector('[data-testid=log-details-params]');
        const drawer = (await page.textContent('.ant-drawer-body')) ?? '';
        expect(drawer).toContain(lang.params);
        const params = JSON.parse((await page.textContent('[data-testid=log-details-params]')) ?? '{}');
        expect(params.username).toBe(ADMIN.user);
        expect(params.password).not.toBe(ADMIN.password);
        await page.click('.ant-drawer-close');
        await page.waitForSelector('[data-testid=log-details-params]', { state: 'detached' });
      });

      it('exports the filtered entries as CSV', async () => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.click('[data-testid=log-export-csv]'),
        ]);
        expect(download.suggestedFilename()).toMatch(/^system-log-\d{8}-\d{6}\.csv$/);
        const bytes = await readFile((await download.path())!);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
        expect(lines[0]!.split(',').slice(0, 3)).toEqual(lang.headers);
        expect(lines.length).toBeGreaterThan(1);
        for (const line of lines.slice(1)) expect(line).toContain('/apm-web/a/login');
      });

      it('exports the filtered entries as XLSX', async () => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.click('[data-testid=log-export-xlsx]'),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
        const sheet = workbook.worksheets[0]!;
        expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(lang.headers);
        expect(sheet.actualRowCount).toBeGreaterThan(1);
        expect(String(sheet.getRow(2).getCell(3).value)).toBe(ADMIN.user);
      });

      it('logged no errors in the browser console', () => {
        expect(errors).toEqual([]);
      });
    });
  }
});
