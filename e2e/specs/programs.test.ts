import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { claimTerminal, openPlayer, pairingCode, waitForConnection } from '../support/player.js';
import { blankProgram } from '../support/programs.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

interface ProgramRow {
  id: number;
  name: string;
  width: number;
  height: number;
  revision: number;
}

describe('program production page', () => {
  const suite = adminSuite();
  const programsNamed = async (keyword: string) =>
    (await suite.api<{ list: ProgramRow[] }>(`/a/api/program/list?keyword=${encodeURIComponent(keyword)}`))
      .list;

  it('creates from a preset and a custom size, renames, copies, searches and deletes (US)', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/program/make',
    });
    await page.waitForSelector('.ant-card-head-title:has-text("Program production")');
    const tag = `E2E${Date.now().toString(36)}`;

    // A preset: portrait Full HD.
    await page.click('[data-testid=program-create]');
    await page.fill('#programCreate_name', `${tag} Lobby`);
    await page.click('[data-testid=program-create-canvas] >> text=1080 × 1920');
    await page.click('#program-create-save');
    await expectMessage(page, 'The program was created');
    const [lobby] = await programsNamed(`${tag} Lobby`);
    expect(lobby).toMatchObject({ width: 1080, height: 1920 });
    await page
      .locator('.ant-table-row', { hasText: `${tag} Lobby` })
      .locator('text=1080 × 1920')
      .waitFor();

    // A custom size out of range names the field and creates nothing; a valid one is taken.
    await page.click('[data-testid=program-create]');
    await page.fill('#programCreate_name', `${tag} Wall`);
    await page.click('[data-testid=program-create-canvas] >> text=Custom size');
    await page.fill('#programCreate_width', '8');
    await page.fill('#programCreate_height', '720');
    await page.click('#program-create-save');
    await page.locator('#programCreate_width_help').getByText('whole numbers from 16 to 16384').waitFor();
    expect(await programsNamed(`${tag} Wall`)).toEqual([]);
    await page.fill('#programCreate_width', '3000');
    await page.click('#program-create-save');
    await expectMessage(page, 'The program was created');
    expect((await programsNamed(`${tag} Wall`))[0]).toMatchObject({ width: 3000, height: 720 });

    // Rename: a new revision of the document under the new name.
    const lobbyRow = page.locator('.ant-table-row', { hasText: `${tag} Lobby` });
    await lobbyRow.locator('[data-testid=program-rename]').click();
    await page.fill('#programRename_name', `${tag} Foyer`);
    await page.click('#program-rename-save');
    await expectMessage(page, 'The program was renamed');
    const [foyer] = await programsNamed(`${tag} Foyer`);
    expect(foyer).toMatchObject({ id: lobby!.id, revision: lobby!.revision + 1 });

    // Copy, then search finds both by the shared part of the name.
    await page
      .locator('.ant-table-row', { hasText: `${tag} Foyer` })
      .locator('[data-testid=program-copy]')
      .click();
    await expectMessage(page, 'The program was copied');
    await page.fill('#programSearch_keyword', `${tag} Foyer`);
    await page.press('#programSearch_keyword', 'Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);

    // Delete the copy, with confirmation.
    const copyRow = page.locator('.ant-table-row', { hasText: `${tag} Foyer (copy)` });
    await copyRow.locator('[data-testid=program-delete]').click();
    await page.click('.ant-popconfirm-buttons .ant-btn-primary:has-text("Yes")');
    await copyRow.waitFor({ state: 'detached' });
    expect((await programsNamed(`${tag} Foyer`)).map((p) => p.name)).toEqual([`${tag} Foyer`]);

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('saves a program as a template and starts a new program from it (FR)', async () => {
    const tag = `Tpl${Date.now().toString(36)}`;
    await suite.api('/a/api/program/save', {
      document: blankProgram(`${tag} source`, { w: 1080, h: 1920, background: '#402010' }),
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'FR',
      path: '/program/make',
    });
    const row = page.locator('.ant-table-row', { hasText: `${tag} source` });
    await row.locator('[data-testid=program-save-template]').click();
    await page.fill('#programTemplate_name', `${tag} menu`);
    await page.click('#program-template-save');
    await expectMessage(page, 'Le modèle a été enregistré');

    await page.click('[data-testid=program-create]');
    await page.fill('#programCreate_name', `${tag} copy of template`);
    await page.click('[data-testid=program-create-start] >> text=Modèle');
    await page.click('#programCreate_templateId');
    await page.keyboard.type(`${tag} menu`);
    await page.click(`.ant-select-item-option:has-text("${tag} menu")`);
    await page.click('#program-create-save');
    await expectMessage(page, 'Le programme a été créé');
    const [made] = await programsNamed(`${tag} copy of template`);
    expect(made).toMatchObject({ width: 1080, height: 1920 });

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('asks before taking a published program off its screens, naming them (CN)', async () => {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const name = `Window ${Date.now().toString(36)}`;
    const terminalId = await claimTerminal(suite.server.url, suite.cookie, code, office.id, name);
    const program = `Published ${Date.now().toString(36)}`;
    const saved = await suite.api<{ id: number }>('/a/api/program/save', {
      document: {
        formatVersion: 2,
        name: program,
        canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
        scenes: [
          {
            id: 's1',
            name: 'One',
            main: true,
            background: { color: '#204080', materialId: null, fit: 'cover' },
            durationMs: 10_000,
            untilTouched: false,
            transition: { name: 'none', durationMs: 0 },
            widgets: [],
          },
        ],
      },
    });
    await suite.api('/a/api/publishProgram/saveTerminals', {
      programId: saved.id,
      terminalIds: [terminalId],
      groupIds: [],
    });

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'CN',
      path: '/program/make',
    });
    const row = page.locator('.ant-table-row', { hasText: program });
    await row.locator('text=已发布终端：1').waitFor();
    await row.locator('[data-testid=program-delete]').click();
    await page.click('.ant-popconfirm-buttons .ant-btn-primary');
    // The server refuses (409) and the console lists the screens it plays on before anything goes.
    await page.getByTestId('program-published-list').getByText(name).waitFor();
    expect(await programsNamed(program)).toHaveLength(1);
    await page.click('#program-delete-force');
    await expectMessage(page, '已删除节目：1');
    await row.waitFor({ state: 'detached' });
    expect(await programsNamed(program)).toEqual([]);

    expect(
      errors.filter((e) => !e.includes('409')),
      errors.join('\n'),
    ).toEqual([]);
    await context.close();
    await player.context.close();
  });
});

describe('program review page', () => {
  const suite = adminSuite();

  it('plays a waiting program in the preview, rejects it with a note, then approves it (US)', async () => {
    const name = `Review ${Date.now().toString(36)}`;
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const saved = await suite.api<{ id: number; reviewState: string }>('/a/api/program/save', {
        document: {
          formatVersion: 2,
          name,
          canvas: { w: 1280, h: 720, realWidth: 1280, realHeight: 720 },
          scenes: [
            {
              id: 's1',
              name: 'One',
              main: true,
              background: { color: '#102030', materialId: null, fit: 'cover' },
              durationMs: 10_000,
              untilTouched: false,
              transition: { name: 'none', durationMs: 0 },
              widgets: [
                {
                  id: 't1',
                  type: 'text',
                  x: 100,
                  y: 100,
                  w: 800,
                  h: 120,
                  rotation: 0,
                  z: 0,
                  props: {
                    html: 'Reviewed headline',
                    font: { family: 'sans-serif', size: 60, color: '#ffffff' },
                    align: 'left',
                    verticalAlign: 'top',
                    marquee: null,
                  },
                },
              ],
            },
          ],
        },
      });
      expect(saved.reviewState).toBe('pending');
      const { context, page, errors } = await openSignedInPage(suite, {
        language: 'US',
        path: '/publishProgram/checklist',
      });
      const row = page.locator('.ant-table-row', { hasText: name });
      await row.waitFor();

      // The preview plays it with the shared renderer.
      await row.locator('[data-testid=program-review-play]').click();
      await page.getByTestId('program-preview').getByText('Reviewed headline').waitFor();
      await page.keyboard.press('Escape');

      // Rejecting needs a note; the program leaves the waiting list.
      await row.locator('[data-testid=program-review-reject]').click();
      await page.click('#review-note-ok');
      await page.getByText('Please give the reason for the rejection').waitFor();
      await page.fill('#review_note', 'Headline too small');
      await page.click('#review-note-ok');
      await expectMessage(page, 'Programs rejected: 1');
      await row.waitFor({ state: 'detached' });
      const rejected = await suite.api<{ reviewState: string; reviewNote: string }>(
        `/a/api/program/detail?id=${saved.id}`,
      );
      expect(rejected).toMatchObject({ reviewState: 'rejected', reviewNote: 'Headline too small' });

      // Among the rejected ones it can be approved after all.
      await page.click('[data-testid=program-review-state]');
      await page.click('.ant-select-item-option >> text=Rejected');
      await row.locator('[data-testid=program-review-approve]').click();
      await page.click('#review-note-ok');
      await expectMessage(page, 'Programs approved: 1');
      await row.waitFor({ state: 'detached' });
      expect(
        (await suite.api<{ reviewState: string }>(`/a/api/program/detail?id=${saved.id}`)).reviewState,
      ).toBe('approved');

      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });
});
